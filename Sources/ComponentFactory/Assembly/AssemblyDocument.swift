/// One assembly file, read: its components, aliases, `property-placeholder`
/// locations and imports, each with where it was written.
@_spi(Tooling)
public struct AssemblyDocument: Sendable, Hashable {
    /// `<property-placeholder location="a.properties, b.properties"/>`.
    public struct PlaceholderDeclaration: Sendable, Hashable {
        /// Each listed path, trimmed, in order.
        public var locations: [AttributeValue]
        /// Where the `<property-placeholder>` is.
        public var location: SourceLocation
    }

    /// `<app-property key="log.level"/>` or `<app-property prefix="feature."/>`:
    /// a key, or every key under a prefix, that the app reads in its own
    /// code, so that `validate` does not report it as set but read by nothing.
    public struct AppPropertyDeclaration: Sendable, Hashable {
        /// The key, or the start of every key, the app reads.
        public var name: AttributeValue
        /// Whether ``name`` is a prefix rather than a whole key.
        public var isPrefix: Bool
        /// Where the `<app-property>` is.
        public var location: SourceLocation

        /// Whether the app reads `key` by this declaration.
        public func covers(_ key: String) -> Bool {
            isPrefix ? key.hasPrefix(name.text) : key == name.text
        }
    }

    /// `<service-group graceful-shutdown-timeout="30s" cancellation-timeout="5s"/>`:
    /// the bounds of the lifecycle product's `ServiceGroup`, each a `Duration`
    /// (placeholders allowed). One per assembly set.
    public struct ServiceGroupDeclaration: Sendable, Hashable {
        /// How long a graceful shutdown may take before the group cancels its services; nil: no bound.
        public var gracefulShutdownTimeout: AttributeValue?
        /// How long cancelled services may take before the group returns; nil: no bound.
        public var cancellationTimeout: AttributeValue?
        /// Where the `<service-group>` is.
        public var location: SourceLocation
    }

    /// `<import resource="other.xml"/>`.
    public struct ImportDeclaration: Sendable, Hashable {
        /// The imported file, relative to the importing one.
        public var resource: AttributeValue
        /// Where the `<import>` is.
        public var location: SourceLocation
    }

    /// `<alias name="knight" alias="hero"/>`: `hero` is another key for `knight`.
    public struct AliasDeclaration: Sendable, Hashable {
        /// The key (or another alias) that the alias stands for.
        public var name: AttributeValue
        /// The other key.
        public var alias: AttributeValue
        /// Where the `<alias>` is.
        public var location: SourceLocation

        /// An alias `alias` for the component `name`.
        public init(name: AttributeValue, alias: AttributeValue, location: SourceLocation) {
            self.name = name
            self.alias = alias
            self.location = location
        }
    }

    /// The file the document was read from.
    public var file: String
    /// Its components, in document order, profiles included.
    public var components: [ComponentDefinition]
    /// Its `<alias>` declarations.
    public var aliases: [AliasDeclaration]
    /// Its `<property-placeholder>` declarations.
    public var placeholders: [PlaceholderDeclaration]
    /// Its `<import>` declarations.
    public var imports: [ImportDeclaration]
    /// Its `<app-property>` declarations.
    public var appProperties: [AppPropertyDeclaration] = []
    /// Its `<service-group>` declarations.
    public var serviceGroups: [ServiceGroupDeclaration] = []

    /// A document read from `file`.
    public init(file: String, components: [ComponentDefinition] = [], aliases: [AliasDeclaration] = [],
                placeholders: [PlaceholderDeclaration] = [], imports: [ImportDeclaration] = []) {
        self.file = file
        self.components = components
        self.aliases = aliases
        self.placeholders = placeholders
        self.imports = imports
    }
}
