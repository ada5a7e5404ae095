import ComponentFactory
import Configuration

/// A layer of ComponentFactory configuration answered by swift-configuration:
/// environment variables, JSON or YAML files, command-line arguments, a
/// directory of secret files, in-memory values, or any other
/// `ConfigProvider`. Then `${db.url}` in an assembly can come from any of them.
///
/// A key is looked up as its dotted components (`db.url` is `["db", "url"]`),
/// so each provider encodes it its own way (`DB_URL` for environment
/// variables). With several providers the first that has the key answers, as
/// in a `ConfigReader`. A value that is not text (a JSON number, a YAML list)
/// is written as text: `5`, `true`, `a,b`. Diagnostics name the provider that
/// answered where a file would give file:line. Providers list no keys, so,
/// like environment variables, such a layer answers lookups and overrides the
/// layers below it, but adds nothing to `factory properties` listings or to
/// "did you mean".
///
/// ```swift
/// let source = ConfigProviderSource(providers: [
///     EnvironmentVariablesProvider(),
///     try await FileProvider<JSONSnapshot>(filePath: "/etc/app/config.json"),
/// ])
/// let factory = try Factory.load(assemblies: ["Assemblies"], registry: registry,
///                                options: .init(config: "Config", environment: "production", sources: [source]))
/// ```
public struct ConfigProviderSource: PropertySource {
    private enum Backing: Sendable {
        case providers([any ConfigProvider])
        case reader(ConfigReader)
    }

    private let backing: Backing
    /// The providers' names, or the reader's description, for diagnostics.
    public let name: String

    /// The first of `providers` that has a key answers it.
    public init(providers: [any ConfigProvider]) {
        self.backing = .providers(providers)
        self.name = providers.map(\.providerName).joined(separator: ", ")
    }

    /// The reader answers, with its own providers, key prefix and access
    /// reporting; diagnostics name the reader, which does not say which of
    /// its providers answered.
    public init(reader: ConfigReader) {
        self.backing = .reader(reader)
        self.name = reader.description
    }

    /// None: providers cannot list their keys.
    public var listedKeys: [String] { [] }

    /// The first provider's value of `key`, as text, named by that provider.
    public func property(forKey key: String) -> PropertyValue? {
        let components = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch backing {
        case .providers(let providers):
            for provider in providers {
                if let text = Self.text(for: components, in: provider) {
                    return PropertyValue(text: text, location: nil, sourceName: provider.providerName)
                }
            }
            return nil
        case .reader(let reader):
            return reader.string(forKey: ConfigKey(components)).map { PropertyValue(text: $0, location: nil, sourceName: name) }
        }
    }

    /// Calls `changed` after each new snapshot of any provider (or of the
    /// reader), until the task is cancelled: a `ReloadingFileProvider`'s
    /// reloads reach a `LiveFactory` this way. The first snapshot, the one
    /// already read, is not a change. A provider whose watching fails stops
    /// reporting; the others go on.
    public func watchChanges(_ changed: @escaping @Sendable () -> Void) async {
        switch backing {
        case .providers(let providers):
            await withDiscardingTaskGroup { group in
                for provider in providers {
                    group.addTask {
                        try? await provider.watchSnapshot { updates in
                            for await _ in updates.dropFirst() { changed() }
                        }
                    }
                }
            }
        case .reader(let reader):
            try? await reader.watchSnapshot { updates in
                for await _ in updates.dropFirst() { changed() }
            }
        }
    }

    /// The provider's value as text, whatever type it holds: text first,
    /// then each other type until one fits.
    private static func text(for components: [String], in provider: any ConfigProvider) -> String? {
        let key = AbsoluteConfigKey(components)
        for type in [ConfigType.string, .int, .double, .bool, .stringArray, .intArray, .doubleArray, .boolArray] {
            guard let result = try? provider.value(forKey: key, type: type) else { continue }
            guard let value = result.value else { return nil }
            return text(of: value.content)
        }
        return nil
    }

    private static func text(of content: ConfigContent) -> String? {
        switch content {
        case .string(let text): text
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): String(value)
        case .stringArray(let values): values.joined(separator: ",")
        case .intArray(let values): values.map(String.init).joined(separator: ",")
        case .doubleArray(let values): values.map { String($0) }.joined(separator: ",")
        case .boolArray(let values): values.map { String($0) }.joined(separator: ",")
        case .bytes, .byteChunkArray: nil
        }
    }
}
