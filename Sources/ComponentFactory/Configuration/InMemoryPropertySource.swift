/// A source of values set in code or on the command line (`--set key=value`).
/// The built-in `env` key comes from one too.
///
/// ```swift
/// let overrides = InMemoryPropertySource(name: "overrides", values: ["db.url": "sqlite::memory:"])
/// ```
public struct InMemoryPropertySource: PropertySource {
    public let name: String
    public let values: [String: String]

    public init(name: String, values: [String: String]) {
        self.name = name
        self.values = values
    }

    public var listedKeys: [String] { Array(values.keys) }

    public func property(forKey key: String) -> PropertyValue? {
        values[key].map { PropertyValue(text: $0, location: nil, sourceName: name) }
    }
}
