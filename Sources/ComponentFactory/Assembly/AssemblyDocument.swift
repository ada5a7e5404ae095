/// One assembly file, read: its components, aliases, `property-placeholder`
/// locations and imports, each with where it was written.
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

    /// `<alias name="knight" alias="hero"/>`: `hero` is another key for `knight`.
    public struct AliasDeclaration: Sendable, Hashable {
        /// The key (or another alias) that the alias stands for.
        public var name: AttributeValue
        public var alias: AttributeValue
        public var location: SourceLocation

        public init(name: AttributeValue, alias: AttributeValue, location: SourceLocation) {
            self.name = name
            self.alias = alias
            self.location = location
        }
    }

    public var file: String
    public var components: [ComponentDefinition]
    public var aliases: [AliasDeclaration]
    public var placeholders: [PlaceholderDeclaration]
    public var imports: [ImportDeclaration]

    public init(file: String, components: [ComponentDefinition] = [], aliases: [AliasDeclaration] = [],
                placeholders: [PlaceholderDeclaration] = [], imports: [ImportDeclaration] = []) {
        self.file = file
        self.components = components
        self.aliases = aliases
        self.placeholders = placeholders
        self.imports = imports
    }
}
