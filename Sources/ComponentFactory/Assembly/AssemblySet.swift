/// Every assembly that one run loaded, imports included, in load order.
public struct AssemblySet: Sendable, Hashable {
    public var documents: [AssemblyDocument]

    public init(documents: [AssemblyDocument]) {
        self.documents = documents
    }

    /// Every component of every document, in load order.
    public var components: [ComponentDefinition] {
        documents.flatMap(\.components)
    }

    /// Every `property-placeholder` location, in load order, each once.
    public var placeholderLocations: [AttributeValue] {
        var seen = Set<String>()
        return documents.flatMap { $0.placeholders.flatMap(\.locations) }.filter { seen.insert($0.text).inserted }
    }
}
