/// Resolves `${key}` and `${key:default}` placeholders against one
/// ``Configuration``.
///
/// - A placeholder may stand anywhere in a text, and nest:
///   `http://${host}:${port}/api`, `${db.${env}.url}`, `${a:${b:none}}`.
/// - A property's own value is resolved in turn, recursively.
/// - `\${` is a literal `${`.
/// - A missing key with no default is `unresolved-placeholder`, naming the
///   key, the site, the environment and near-miss keys; a loop is
///   `placeholder-cycle` with its path and where each key is defined.
/// - Expansion is bounded: a result past ``maximumLength`` bytes, or nesting
///   deeper than ``maximumDepth``, is an error rather than a hang.
///
/// Each key's value is resolved once and remembered, so a chain such as
/// `a=${b}${b}`, `b=${c}${c}` costs work in proportion to its length.
///
/// ```swift
/// var resolver = PlaceholderResolver(configuration: configuration)
/// let url = try resolver.resolve("http://${host}:${port:8080}/api", at: site)
/// ```
public struct PlaceholderResolver: Sendable {
    public static let maximumLength = 1 << 20
    public static let maximumDepth = 64

    public let configuration: Configuration
    /// Each key resolved so far, with the property lines that supplied its text.
    private var resolved: [String: (value: String, origins: [SourceLocation])] = [:]

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Resolves every placeholder in `text`, which was written at `site`.
    public mutating func resolve(_ text: String, at site: SourceLocation?) throws(Diagnostic) -> String {
        var origins: [SourceLocation] = []
        return try resolve(text, at: site, origins: &origins)
    }

    /// Resolves every placeholder in `text`, and adds to `origins` the
    /// `.properties` lines whose values the result is made of, each once,
    /// so that a later error about the result can point at them too.
    public mutating func resolve(_ text: String, at site: SourceLocation?, origins: inout [SourceLocation]) throws(Diagnostic) -> String {
        guard Self.mayContainPlaceholder(text) else { return text }
        let bytes = Array(text.utf8)
        return String(decoding: try expand(bytes[...], site: site, chain: [], depth: 0, origins: &origins), as: UTF8.self)
    }

    /// The value of `key` with its placeholders resolved, or nil when no
    /// source defines it.
    public mutating func value(forKey key: String) throws(Diagnostic) -> String? {
        try lookup(key, site: nil, chain: [], depth: 0)?.value
    }

    private static let dollar = UInt8(ascii: "$")
    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")

    private static func mayContainPlaceholder(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == dollar && byte == openBrace { return true }
            previous = byte
        }
        return false
    }

    private static func isOpening(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        index + 1 < bytes.endIndex && bytes[index] == dollar && bytes[index + 1] == openBrace
    }

    private static func isEscapedOpening(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        bytes[index] == backslash && isOpening(bytes, at: index + 1)
    }

    private mutating func expand(
        _ bytes: ArraySlice<UInt8>, site: SourceLocation?, chain: [String], depth: Int, origins: inout [SourceLocation]
    ) throws(Diagnostic) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if Self.isEscapedOpening(bytes, at: index) {
                output.append(contentsOf: [Self.dollar, Self.openBrace])
                index += 3
                continue
            }
            guard Self.isOpening(bytes, at: index) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let whole = String(decoding: bytes[index...].prefix(80), as: UTF8.self)
            guard let close = Self.matchingClose(bytes, from: index + 2) else {
                throw failure(.unresolvedPlaceholder, "unterminated placeholder '\(whole)': '${' has no closing '}'", site: site)
            }
            let placeholder = String(decoding: bytes[index...close], as: UTF8.self)
            guard depth < Self.maximumDepth else {
                throw failure(.unresolvedPlaceholder,
                              "placeholders nest more than \(Self.maximumDepth) levels deep at '\(placeholder)'", site: site)
            }
            let inner = bytes[(index + 2)..<close]
            let (keyPart, defaultPart) = Self.splitDefault(inner)
            let key = String(decoding: try expand(keyPart, site: site, chain: chain, depth: depth + 1, origins: &origins),
                             as: UTF8.self)
            guard !key.isEmpty else {
                throw failure(.unresolvedPlaceholder, "placeholder '\(placeholder)' has an empty key", site: site)
            }
            if let found = try lookup(key, site: site, chain: chain, depth: depth + 1) {
                output.append(contentsOf: found.value.utf8)
                for origin in found.origins where !origins.contains(origin) { origins.append(origin) }
            } else if let defaultPart {
                output.append(contentsOf: try expand(defaultPart, site: site, chain: chain, depth: depth + 1, origins: &origins))
            } else {
                throw unresolved(key, placeholder: placeholder, site: site)
            }
            guard output.count <= Self.maximumLength else {
                throw failure(.unresolvedPlaceholder,
                              "expanding '\(placeholder)' makes a value longer than \(Self.maximumLength) bytes (1 MiB)",
                              site: site)
            }
            index = close + 1
        }
        return output
    }

    private mutating func lookup(
        _ key: String, site: SourceLocation?, chain: [String], depth: Int
    ) throws(Diagnostic) -> (value: String, origins: [SourceLocation])? {
        if let known = resolved[key] { return known }
        if let start = chain.firstIndex(of: key) {
            throw cycle(Array(chain[start...]) + [key], site: site)
        }
        guard let property = configuration.property(forKey: key) else { return nil }
        var origins = property.location.map { [$0] } ?? []
        guard Self.mayContainPlaceholder(property.text) else {
            resolved[key] = (property.text, origins)
            return (property.text, origins)
        }
        let bytes = Array(property.text.utf8)
        let value = String(
            decoding: try expand(bytes[...], site: property.location ?? site, chain: chain + [key], depth: depth, origins: &origins),
            as: UTF8.self)
        resolved[key] = (value, origins)
        return (value, origins)
    }

    /// The index of the `}` that closes a `${` whose body starts at `start`.
    private static func matchingClose(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var nesting = 1
        var index = start
        while index < bytes.endIndex {
            if isEscapedOpening(bytes, at: index) {
                index += 3
                continue
            }
            if isOpening(bytes, at: index) {
                nesting += 1
                index += 2
                continue
            }
            if bytes[index] == closeBrace {
                nesting -= 1
                if nesting == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// Splits `key:default` at the first `:` outside any nested placeholder.
    private static func splitDefault(_ inner: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>?) {
        var nesting = 0
        var index = inner.startIndex
        while index < inner.endIndex {
            if isOpening(inner, at: index) {
                nesting += 1
                index += 2
                continue
            }
            switch inner[index] {
            case closeBrace: nesting -= 1
            case colon where nesting == 0:
                return (inner[inner.startIndex..<index], inner[(index + 1)...])
            default: break
            }
            index += 1
        }
        return (inner, nil)
    }

    private func failure(_ code: DiagnosticCode, _ message: String, site: SourceLocation?, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(code, message, at: site, notes: notes, environment: configuration.environment)
    }

    private func unresolved(_ key: String, placeholder: String, site: SourceLocation?) -> Diagnostic {
        var candidates = configuration.keys
        if configuration.environment != nil { candidates.append(Configuration.environmentKey) }
        let hint = SpellingSuggestions.didYouMean(key, among: candidates)
        // The environment is the diagnostic's own field, not part of the
        // message, so that a problem shared by every environment merges.
        return failure(.unresolvedPlaceholder,
                       "unresolved placeholder '\(placeholder)': no property '\(key)'\(hint)", site: site)
    }

    private func cycle(_ path: [String], site: SourceLocation?) -> Diagnostic {
        let notes = path.dropLast().map { key in
            let property = configuration.property(forKey: key)
            let origin = property.map { $0.location == nil ? " (from \($0.sourceName))" : "" } ?? ""
            let text = SecretKeys.isSecret(key) ? SecretKeys.mask : property?.text ?? ""
            return Diagnostic.Note("'\(key)' is defined here\(origin) as '\(text)'", at: property?.location)
        }
        return failure(.placeholderCycle, "placeholder cycle: " + path.joined(separator: " → "), site: site, notes: notes)
    }
}
