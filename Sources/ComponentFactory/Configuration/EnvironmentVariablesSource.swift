/// Environment variables, with Spring's relaxed binding: the key `db.url` is
/// answered by `DB_URL` (dots and dashes become underscores, letters upper
/// case). Opt-in: a ``Configuration`` has this layer only when asked.
///
/// It lists no keys of its own, since `PATH` or `HOME` are not configuration;
/// it overrides the keys that other layers define and answers lookups.
///
/// ```swift
/// let source = EnvironmentVariablesSource(variables: ["DB_URL": "postgres://db"])
/// source.property(forKey: "db.url")?.text  // "postgres://db"
/// ```
@_spi(Tooling)
public struct EnvironmentVariablesSource: PropertySource {
    /// The variables, by name, as the process environment gives them.
    public let variables: [String: String]

    /// A source answering from `variables`, such as `ProcessInfo.processInfo.environment`.
    public init(variables: [String: String]) {
        self.variables = variables
    }

    /// "environment variables"; a value names its own variable as its source.
    public var name: String { "environment variables" }
    /// None: the variables only answer lookups.
    public var listedKeys: [String] { [] }

    /// The variable that `key` maps to (`db.url` → `DB_URL`), if it is set.
    public func property(forKey key: String) -> PropertyValue? {
        guard !variables.isEmpty else { return nil }
        let variable = Self.variableName(forKey: key)
        return variables[variable].map { PropertyValue(text: $0, location: nil, sourceName: "environment variable \(variable)") }
    }

    /// `db.url` → `DB_URL`, `feature-flags.beta` → `FEATURE_FLAGS_BETA`.
    public static func variableName(forKey key: String) -> String {
        // An ASCII key, as most are, byte by byte: what the rule below makes of it.
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(decoding: key.utf8.map { byte in
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: "-"): UInt8(ascii: "_")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 0x20
                default: byte
                }
            }, as: UTF8.self)
        }
        return String(key.uppercased().map { $0 == "." || $0 == "-" ? "_" : $0 })
    }
}
