/// Every assembly that one run loaded, imports included, in load order, with
/// the problems found while reading them.
///
/// A set that has an error among its ``diagnostics`` (malformed XML, a
/// grammar or schema error, an import or a file that cannot be read) is
/// missing definitions, so no ``Factory`` is ever built from it: the factory
/// throws those diagnostics instead.
///
/// ```swift
/// let assemblies = AssemblyLoader.load(paths: ["Assemblies"]).assemblies
/// assemblies.components.count
/// assemblies.diagnostics.isEmpty  // read without a problem
/// ```
@_spi(Tooling)
public struct AssemblySet: Sendable, Hashable {
    /// Every document read, imports included, each once.
    public var documents: [AssemblyDocument]
    /// What reading the documents found, in order: errors and warnings.
    public var diagnostics: [Diagnostic]

    /// A set of `documents`, with what reading them found.
    public init(documents: [AssemblyDocument], diagnostics: [Diagnostic] = []) {
        self.documents = documents
        self.diagnostics = diagnostics
    }

    /// Every component of every document, in load order.
    public var components: [ComponentDefinition] {
        // One document's array is shared, not rebuilt.
        documents.count == 1 ? documents[0].components : documents.flatMap(\.components)
    }

    /// Every `<alias>` of every document, in load order.
    public var aliases: [AssemblyDocument.AliasDeclaration] {
        documents.flatMap(\.aliases)
    }

    /// Every `property-placeholder` location, in load order, each once.
    public var placeholderLocations: [AttributeValue] {
        var seen = Set<String>()
        return documents.flatMap { $0.placeholders.flatMap(\.locations) }.filter { seen.insert($0.text).inserted }
    }

    /// Every `<app-property>` of every document, in load order: the keys the app reads in its own code.
    public var appProperties: [AssemblyDocument.AppPropertyDeclaration] {
        documents.flatMap(\.appProperties)
    }

    /// Every document's `<service-group>`: at most one is allowed.
    public var serviceGroups: [AssemblyDocument.ServiceGroupDeclaration] {
        documents.flatMap(\.serviceGroups)
    }

    /// The errors among ``diagnostics``.
    var readingErrors: [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }
}
