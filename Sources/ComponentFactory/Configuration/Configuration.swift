import JavaProperties

/// The property sources of one environment, stacked so that a later source
/// wins: base files, their `-<env>` overlays, environment variables (opt-in),
/// overrides, and the built-in `env` key.
///
/// A configuration holds raw text; ``PlaceholderResolver`` resolves it.
///
/// ```swift
/// let configuration = Configuration(environment: "test", sources: [
///     InMemoryPropertySource(name: "base", values: ["db.url": "${db.host}/app", "db.host": "localhost"]),
/// ])
/// configuration.property(forKey: "db.url")?.text  // "${db.host}/app"
/// ```
public struct Configuration: Sendable {
    /// The key that holds the active environment's name.
    public static let environmentKey = "env"

    /// The active environment, or nil when none is.
    public let environment: String?
    /// Lowest first; the built-in `env` source is the last when an environment is active.
    public let sources: [any PropertySource]

    public init(environment: String?, sources: [any PropertySource]) {
        self.environment = environment
        var stack = sources
        if let environment {
            stack.append(InMemoryPropertySource(name: "built-in", values: [Self.environmentKey: environment]))
        }
        self.sources = stack
    }

    /// The raw value from the highest source that has `key`.
    public func property(forKey key: String) -> PropertyValue? {
        for source in sources.reversed() {
            if let value = source.property(forKey: key) { return value }
        }
        return nil
    }

    /// Every key some source lists, each once as Java tells keys apart (by
    /// their exact characters), sorted by Unicode scalars.
    public var keys: [String] {
        var distinct = Set<PropertyKey>()
        for source in sources {
            for key in source.listedKeys { distinct.insert(PropertyKey(key)) }
        }
        return distinct.sorted().map(\.text)
    }
}
