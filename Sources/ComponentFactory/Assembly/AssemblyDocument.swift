/// One assembly file, read: its components, its `property-placeholder`
/// locations and its imports, each with where it was written.
public struct AssemblyDocument: Sendable, Hashable {
    /// `<property-placeholder location="a.properties, b.properties"/>`.
    public struct PlaceholderDeclaration: Sendable, Hashable {
        /// Each listed path, trimmed, in order.
        public var locations: [AttributeValue]
        public var location: SourceLocation
    }

    /// `<import resource="other.xml"/>`.
    public struct ImportDeclaration: Sendable, Hashable {
        public var resource: AttributeValue
        public var location: SourceLocation
    }

    public var file: String
    public var components: [ComponentDefinition]
    public var placeholders: [PlaceholderDeclaration]
    public var imports: [ImportDeclaration]

    public init(file: String, components: [ComponentDefinition] = [], placeholders: [PlaceholderDeclaration] = [],
                imports: [ImportDeclaration] = []) {
        self.file = file
        self.components = components
        self.placeholders = placeholders
        self.imports = imports
    }
}
