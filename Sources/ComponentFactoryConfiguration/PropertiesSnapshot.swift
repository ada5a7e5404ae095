@_spi(Tooling) import ComponentFactory
import Configuration
import Foundation
import JavaProperties

/// `.properties` files for swift-configuration: a `FileConfigSnapshot`, so
/// that `FileProvider<PropertiesSnapshot>` and
/// `ReloadingFileProvider<PropertiesSnapshot>` read them exactly as
/// `java.util.Properties.load` does.
///
/// Keys are the dotted keys of the file (`db.url` answers the key
/// `["db", "url"]`). Every value is text, read as swift-configuration's
/// other text sources read theirs: integers and doubles must parse whole,
/// booleans are `true`, `false`, `yes`, `no`, `1` or `0` in any case, bytes
/// go through ``ParsingOptions/bytesDecoder`` (base64 by default), and
/// arrays are split at ``ParsingOptions/arraySeparator`` with each item
/// trimmed. Values of keys that look secret (password, secret, token,
/// credential, private, api key) are marked secret unless
/// ``ParsingOptions/secretsSpecifier`` says otherwise.
///
/// ```swift
/// let provider = try await FileProvider(propertiesFile: "Config/app.properties")
/// let config = ConfigReader(provider: provider)
/// let pool = config.int(forKey: "db.pool.size", default: 4)
/// ```
public struct PropertiesSnapshot: Sendable {
    /// How a file's text becomes typed values.
    public struct ParsingOptions: FileParsingOptions {
        /// Turns text into bytes for `bytes` and `byteChunkArray` reads.
        public var bytesDecoder: any ConfigBytesFromStringDecoder
        /// Which values are secret; by default, those of keys that look secret.
        public var secretsSpecifier: SecretsSpecifier<String, String>
        /// What separates the items of an array value.
        public var arraySeparator: Character
        /// The file's name in errors, as `name:line:column`; without one, the provider's name stands there.
        public var fileName: String?

        /// Options with these parts; each has a default.
        public init(
            bytesDecoder: some ConfigBytesFromStringDecoder = .base64,
            secretsSpecifier: SecretsSpecifier<String, String> = .keysThatLookSecret,
            arraySeparator: Character = ",",
            fileName: String? = nil
        ) {
            self.bytesDecoder = bytesDecoder
            self.secretsSpecifier = secretsSpecifier
            self.arraySeparator = arraySeparator
            self.fileName = fileName
        }

        /// Base64 bytes, the secret-key rule, `,` between array items, no file name.
        public static var `default`: Self { .init() }
    }

    /// The name of the provider that made the snapshot.
    public let providerName: String
    /// The file, read: each key's last assignment wins, as in Java.
    public let document: PropertiesDocument
    private let options: ParsingOptions

    /// The keys, in the file's dotted form.
    public var keys: [String] { document.keys }

    /// Text already in memory, for callers that have it.
    public init(text: String, providerName: String, parsingOptions: ParsingOptions = .default) throws(PropertiesError) {
        self.providerName = providerName
        self.options = parsingOptions
        self.document = try PropertiesReader.read(text: text, file: parsingOptions.fileName ?? providerName)
    }

    /// A typed read of `key` that the text does not support.
    public struct Mismatch: Error, CustomStringConvertible, Sendable {
        /// The dotted key that was read.
        public let key: String
        /// The type it was read as.
        public let type: ConfigType
        /// Its text in the file.
        public let text: String
        /// The file's name (``ParsingOptions/fileName``), or the provider's.
        public let file: String
        /// The line of the key's last assignment.
        public let line: Int

        public var description: String {
            "\(file):\(line): error: the value of '\(key)' is not a \(type.rawValue): '\(text)' [conversion]"
        }
    }

    private func content(of text: String, type: ConfigType, key: String, line: Int) throws(Mismatch) -> ConfigContent {
        func mismatch() -> Mismatch {
            Mismatch(key: key, type: type, text: text, file: options.fileName ?? providerName, line: line)
        }
        func each<Value>(_ parse: (String) -> Value?) throws(Mismatch) -> [Value] {
            var values: [Value] = []
            for item in items(of: text) {
                guard let value = parse(item) else { throw mismatch() }
                values.append(value)
            }
            return values
        }
        func required<Value>(_ value: Value?) throws(Mismatch) -> Value {
            guard let value else { throw mismatch() }
            return value
        }
        switch type {
        case .string: return .string(text)
        case .int: return .int(try required(Int(text)))
        case .double: return .double(try required(Double(text)))
        case .bool: return .bool(try required(Self.bool(text)))
        case .bytes: return .bytes(try required(options.bytesDecoder.decode(text)))
        case .stringArray: return .stringArray(items(of: text))
        case .intArray: return .intArray(try each { Int($0) })
        case .doubleArray: return .doubleArray(try each { Double($0) })
        case .boolArray: return .boolArray(try each(Self.bool))
        case .byteChunkArray: return .byteChunkArray(try each { options.bytesDecoder.decode($0) })
        }
    }

    /// swift-configuration's reading of a boolean in text.
    private static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }

    /// An array value's items; an empty value is an empty array.
    private func items(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: options.arraySeparator, omittingEmptySubsequences: false)
            .map { String($0.trimmingCharacters(in: .whitespaces)) }
    }
}

extension PropertiesSnapshot: FileConfigSnapshot {
    /// Reads the file's bytes as `java.util.Properties.load` reads them; invalid UTF-8 or a malformed `\uXXXX` throws `PropertiesError`.
    public init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        let bytes = data.withUnsafeBytes { Array($0) }
        self.providerName = providerName
        self.options = parsingOptions
        self.document = try PropertiesReader.read(bytes: bytes, file: parsingOptions.fileName ?? providerName)
    }

    /// The value of `key` (its components joined by `.`) read as `type`; a value that does not fit throws ``Mismatch``.
    public func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        let encoded = key.components.joined(separator: ".")
        guard let entry = document.entry(forKey: encoded) else { return LookupResult(encodedKey: encoded, value: nil) }
        let content = try content(of: entry.value, type: type, key: encoded, line: entry.line)
        return LookupResult(encodedKey: encoded,
                            value: ConfigValue(content, isSecret: options.secretsSpecifier.isSecret(key: encoded, value: entry.value)))
    }
}

extension PropertiesSnapshot: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "\(providerName)[\(document.keys.count) values]"
    }

    /// Every key with its value, secrets redacted.
    public var debugDescription: String {
        let listed = document.listing.pairs.map { pair in
            "\(pair.key)=" + (options.secretsSpecifier.isSecret(key: pair.key, value: pair.value) ? "<REDACTED>" : pair.value)
        }
        return "\(providerName)[\(listed.count) values: \(listed.joined(separator: ", "))]"
    }
}
