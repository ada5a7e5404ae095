import JavaProperties

/// A source of values set in code or on the command line (`--set key=value`).
/// The built-in `env` key comes from one too. Keys are looked up by their
/// exact characters, as in a `.properties` file.
///
/// ```swift
/// let overrides = InMemoryPropertySource(name: "overrides", values: ["db.url": "sqlite::memory:"])
/// ```
public struct InMemoryPropertySource: PropertySource {
    /// The source's name in diagnostics.
    public let name: String
    private let exact: [PropertyKey: String]

    /// A source named `name` (diagnostics say where a value came from by it) holding `values`.
    public init(name: String, values: [String: String]) {
        self.name = name
        var exact = [PropertyKey: String](minimumCapacity: values.count)
        for (key, value) in values { exact[PropertyKey(key)] = value }
        self.exact = exact
    }

    /// Each key with its value, as Java tells keys apart.
    public var values: [PropertyKey: String] { exact }

    /// Every key it holds.
    public var listedKeys: [String] { exact.keys.map(\.text) }

    /// The value of exactly `key`, if held.
    public func property(forKey key: String) -> PropertyValue? {
        exact[PropertyKey(key)].map { PropertyValue(text: $0, location: nil, sourceName: name) }
    }
}
