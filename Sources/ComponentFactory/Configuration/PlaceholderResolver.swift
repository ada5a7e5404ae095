import JavaProperties

/// Resolves `${key}` and `${key:default}` placeholders against one
/// ``Configuration``.
///
/// - A placeholder may stand anywhere in a text, and nest:
///   `http://${host}:${port}/api`, `${db.${env}.url}`, `${a:${b:none}}`.
/// - A property's own value is resolved in turn, recursively.
/// - `\${` is a literal `${`, and `\:` a literal `:` in a key.
/// - The whole text of a placeholder is tried as a key before it is split
///   into key and default, so `${prefix://my-service}` finds that key.
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
@_spi(Tooling)
public struct PlaceholderResolver: Sendable {
    /// The longest a value may grow while its placeholders expand: 1 MiB.
    public static let maximumLength = 1 << 20
    /// The deepest placeholders may nest, in defaults and in the values they read.
    public static let maximumDepth = 64

    /// The configuration that answers the placeholders.
    public let configuration: Configuration
    /// Each key resolved so far, with the property lines that supplied its text.
    private var resolved: [PropertyKey: (value: String, origins: [SourceLocation], isSecret: Bool)] = [:]
    /// The configuration's keys, prepared for "did you mean" once, when the first one is wanted.
    private var keySpelling: SpellingIndex?
    /// What ``readKeys()`` follows: the keys that texts resolved with
    /// ``resolve(_:at:)`` named, and, for each key whose value holds
    /// placeholders, the keys that value names. Looking a key up with
    /// ``value(forKey:)`` reads nothing: the configuration's own check does
    /// that for every key.
    private(set) var reads = Reads()
    /// Whether a site's text is being resolved, rather than a key's value asked for.
    private var resolvingSite = false

    /// A resolver over `configuration`; it remembers what it has resolved.
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
        var provenance = Provenance(origins: origins)
        let result = try resolve(text, at: site, provenance: &provenance)
        origins = provenance.origins
        return result
    }

    /// What a resolved text is made of: the `.properties` lines that
    /// supplied it, and whether a secret went into it. A value built from a
    /// secret (`db.url = postgres://app:${db.password}@db/app`) is as secret
    /// as the secret: show ``SecretKeys/mask`` wherever it would show.
    public struct Provenance: Sendable, Hashable {
        /// The `.properties` lines, in order, each once.
        public var origins: [SourceLocation]
        /// Whether a secret key's value (see ``SecretKeys``) went into the text, at any depth.
        public var isSecret: Bool

        /// Nothing yet: no line, no secret.
        public init(origins: [SourceLocation] = [], isSecret: Bool = false) {
            self.origins = origins
            self.isSecret = isSecret
        }

        /// Adds what `other` is made of: its lines not here already, in order, and its secrecy.
        mutating func add(_ other: Provenance) {
            for origin in other.origins where !origins.contains(origin) { origins.append(origin) }
            isSecret = isSecret || other.isSecret
        }
    }

    /// Resolves every placeholder in `text`, adding to `provenance` what the result is made of.
    public mutating func resolve(_ text: String, at site: SourceLocation?, provenance: inout Provenance) throws(Diagnostic) -> String {
        try resolveSite(text, at: site, provenance: &provenance).value
    }

    /// Resolves `text` as ``resolve(_:at:provenance:)`` does, and says
    /// whether it is plain: one key's placeholder alone (`${key}`), the key
    /// set to a text that holds no placeholder. Then the result is that
    /// text, and stays the same while the key's text does (see ``noteRead(plainSiteKey:)``).
    mutating func resolveSite(_ text: String, at site: SourceLocation?, provenance: inout Provenance)
        throws(Diagnostic) -> (value: String, isPlain: Bool) {
        guard Self.mayContainPlaceholder(text) else { return (text, false) }
        return try asSite(&provenance) { resolver, origins throws(Diagnostic) in
            // A text that is one plain key's placeholder, as most sites are, is that key's value: what
            // `expand` makes of it when the key is set and its value fits. Anything else is expanded.
            if let key = Self.plainKey(text), let value = try resolver.lookup(key, site: site, chain: [], depth: 1, origins: &origins),
               value.utf8.count <= Self.maximumLength {
                // A value with placeholders is kept once expanded; a plain one is not.
                return (value, resolver.resolved.isEmpty || resolver.resolved[PropertyKey(key)] == nil)
            }
            return (String(decoding: try resolver.expand(Array(text.utf8)[...], site: site, chain: [], depth: 0, origins: &origins),
                    as: UTF8.self), false)
        }
    }

    /// Notes that a plain site (see ``resolveSite(_:at:provenance:)``) reads `key`,
    /// as resolving it would, without looking the key up: for a site whose key's text is known not to have changed.
    mutating func noteRead(plainSiteKey key: String) {
        resolvingSite = true
        noteNamed(PropertyKey(key), chain: [])
        resolvingSite = false
    }

    /// The value of `key` with its placeholders resolved, or nil when no
    /// source defines it.
    public mutating func value(forKey key: String) throws(Diagnostic) -> String? {
        try guardedValue(forKey: key)?.value
    }

    /// The same, with whether the value is secret: the key's name says so,
    /// or a secret went into its value through a placeholder.
    public mutating func guardedValue(forKey key: String) throws(Diagnostic) -> (value: String, isSecret: Bool)? {
        var origins = Origins([])
        guard let value = try lookup(key, site: nil, chain: [], depth: 0, origins: &origins) else { return nil }
        return (value, origins.isSecret)
    }

    /// The value of `key` with its placeholders resolved, read as a site's
    /// placeholder reads it: the key counts as read whether or not a source
    /// sets it. Adds to `provenance` what the value is made of; nil when no
    /// source sets the key. For a typed settings field.
    mutating func read(_ key: String, provenance: inout Provenance) throws(Diagnostic) -> String? {
        try asSite(&provenance) { resolver, origins throws(Diagnostic) in
            try resolver.lookup(key, site: nil, chain: [], depth: 0, origins: &origins)
        }
    }

    /// Runs `body` as a site's resolution, so that the keys it names count
    /// as read, collecting into `provenance` what its result is made of.
    private mutating func asSite<Result>(
        _ provenance: inout Provenance, _ body: (inout PlaceholderResolver, inout Origins) throws(Diagnostic) -> Result
    ) throws(Diagnostic) -> Result {
        resolvingSite = true
        defer { resolvingSite = false }
        var collected = Origins(provenance.origins)
        let result = try body(&self, &collected)
        provenance.origins = collected.list
        provenance.isSecret = provenance.isSecret || collected.isSecret
        return result
    }

    /// The keys named so far: by the sites resolved, and by each key's value.
    struct Reads: Sendable {
        var bySites: Set<PropertyKey> = []
        var byValue: [PropertyKey: [PropertyKey]] = [:]
        /// Where each key was named by a site, when ``recordsSites`` is set.
        var sites: [PropertyKey: [SourceLocation]] = [:]
    }

    /// Whether ``reads`` also keeps where each site named each key: for a
    /// manifest of the readers, not for `validate`, which needs only whether.
    var recordsSites = false

    /// Room for `count` keys named by sites, so that noting them grows nothing.
    mutating func reserveSiteReads(_ count: Int) {
        reads.bySites.reserveCapacity(count)
    }

    /// Adds what another resolver over the same configuration read, such as
    /// one that checked half of the definitions on another thread.
    mutating func absorb(_ other: Reads) {
        reads.bySites.formUnion(other.bySites)
        reads.byValue.merge(other.byValue) { mine, theirs in mine + theirs }
        reads.sites.merge(other.sites) { mine, theirs in mine + theirs }
    }

    /// Every key that the texts resolved so far read: those their
    /// placeholders named (in a default too, taken or not, when the default
    /// names its key plainly), and, in turn, those named by the values read.
    func readKeys() -> Set<PropertyKey> {
        // The sites' keys as they are; only the keys whose values name others are followed.
        var read = reads.bySites
        var pending = reads.byValue.keys.filter { read.contains($0) }
        while let key = pending.popLast() {
            for named in reads.byValue[key] ?? [] where read.insert(named).inserted && reads.byValue[named] != nil {
                pending.append(named)
            }
        }
        return read
    }

    /// Notes that `key` is named, by the site being resolved or by the
    /// value of the innermost key in `chain`.
    private mutating func noteNamed(_ key: PropertyKey, chain: [String], site: SourceLocation? = nil) {
        if let reader = chain.last {
            reads.byValue[PropertyKey(reader), default: []].append(key)
        } else if resolvingSite {
            reads.bySites.insert(key)
            if recordsSites, let site { reads.sites[key, default: []].append(site) }
        }
    }

    /// Notes the keys that a default not taken names (`${a:${b}}` names
    /// `b`, and `${a:${b:${c}}}` names `b` and `c`): a key kept as a
    /// fallback is read, even in an environment that does not need the
    /// fallback. A key made of placeholders (`${db.${env}}`) is not known
    /// without resolving it; the keys it is made of are noted.
    private mutating func noteNamed(inFallback fallback: [Part], chain: [String], site: SourceLocation?) {
        var pending: [ArraySlice<UInt8>] = fallback.compactMap { if case .placeholder(let inner) = $0 { inner } else { nil } }
        while let inner = pending.popLast() {
            guard let parts = try? parts(of: inner, site: nil) else { continue }
            var key: [UInt8] = []
            var isMadeOfPlaceholders = false
            // The key runs to the first unescaped ':' of the literal text; every placeholder after it is in the default.
            var inDefault = false
            for part in parts {
                switch part {
                case .placeholder(let nested):
                    if !inDefault { isMadeOfPlaceholders = true }
                    pending.append(nested)
                case .text(let text) where !inDefault:
                    let section = Self.section(text[...])
                    key += section.key
                    inDefault = section.fallback != nil
                case .text:
                    break
                }
            }
            if !isMadeOfPlaceholders {
                noteNamed(PropertyKey(String(decoding: key, as: UTF8.self)), chain: chain, site: site)
                if parts.count == 1 { noteNamed(PropertyKey(String(decoding: inner, as: UTF8.self)), chain: chain, site: site) }
            }
        }
    }

    /// The `.properties` lines behind a value, in order, each once: a list
    /// for the caller, searched while it is short, and with a set once it
    /// is longer, so that adding stays linear.
    private struct Origins {
        private(set) var list: [SourceLocation]
        /// The list's lines, once it holds more than ``searched``.
        private var seen: Set<SourceLocation>?
        /// Whether a secret key's value went in.
        var isSecret = false

        /// The longest list searched line by line: most values come from one or two lines.
        private static let searched = 8

        init(_ list: [SourceLocation]) {
            self.list = list
            if list.count > Self.searched { seen = Set(list) }
        }

        mutating func add(_ origin: SourceLocation) {
            if seen != nil {
                if seen?.insert(origin).inserted == true { list.append(origin) }
                return
            }
            guard !list.contains(origin) else { return }
            list.append(origin)
            if list.count > Self.searched { seen = Set(list) }
        }

        mutating func add(_ origins: [SourceLocation]) {
            for origin in origins { add(origin) }
        }
    }

    /// One piece of a placeholder's text: literal bytes, or a nested placeholder's inside.
    private enum Part {
        case text([UInt8])
        case placeholder(ArraySlice<UInt8>)
    }

    private static let dollar = UInt8(ascii: "$")
    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")
    private static let backslash = UInt8(ascii: "\\")
    private static let colon = UInt8(ascii: ":")

    /// Whether `text` holds a `${`: a text without one is its own resolution.
    static func mayContainPlaceholder(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == dollar && byte == openBrace { return true }
            previous = byte
        }
        return false
    }

    /// The key of a text that is `${key}` alone, with no `$`, brace, colon
    /// or backslash in the key: nil for any other text. Such a text
    /// resolves to the key's value, expanded when it holds placeholders.
    static func plainKey(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count > 3, bytes[0] == dollar, bytes[1] == openBrace, bytes[bytes.count - 1] == closeBrace else { return nil }
            let key = UnsafeBufferPointer(rebasing: bytes[2 ..< bytes.count - 1])
            guard !key.contains(where: { $0 == dollar || $0 == openBrace || $0 == closeBrace || $0 == colon || $0 == backslash }) else {
                return nil
            }
            return String(decoding: key, as: UTF8.self)
        }
    }

    /// The index of the next `${` from `index`, or nil.
    private static func nextOpening(_ bytes: ArraySlice<UInt8>, from index: Int) -> Int? {
        var index = index
        while index + 1 < bytes.endIndex {
            if bytes[index] == dollar && bytes[index + 1] == openBrace { return index }
            index += 1
        }
        return nil
    }

    /// `bytes` split into literal text and placeholders, as Spring 6.2 reads
    /// them: a `${` after a backslash is the literal `${` (the backslash
    /// dropped), and its brace still counts when braces are matched.
    private func parts(of bytes: ArraySlice<UInt8>, site: SourceLocation?) throws(Diagnostic) -> [Part] {
        var parts: [Part] = []
        var text: [UInt8] = []
        var index = bytes.startIndex
        while let open = Self.nextOpening(bytes, from: index) {
            text.append(contentsOf: bytes[index..<open])
            if open > bytes.startIndex && bytes[open - 1] == Self.backslash {
                text.removeLast()
                text.append(contentsOf: [Self.dollar, Self.openBrace])
                index = open + 2
                continue
            }
            guard let close = Self.matchingClose(bytes, from: open + 2) else {
                let whole = String(decoding: bytes[open...].prefix(80), as: UTF8.self)
                throw failure(.unresolvedPlaceholder, "unterminated placeholder '\(whole)': '${' has no closing '}'", site: site)
            }
            if !text.isEmpty { parts.append(.text(text)) }
            text = []
            parts.append(.placeholder(bytes[(open + 2)..<close]))
            index = close + 1
        }
        text.append(contentsOf: bytes[index...])
        if !text.isEmpty { parts.append(.text(text)) }
        return parts
    }

    private mutating func expand(
        _ bytes: ArraySlice<UInt8>, site: SourceLocation?, chain: [String], depth: Int, origins: inout Origins
    ) throws(Diagnostic) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for part in try parts(of: bytes, site: site) {
            switch part {
            case .text(let text):
                output.append(contentsOf: text)
            case .placeholder(let inner):
                output.append(contentsOf: try placeholder(inner, site: site, chain: chain, depth: depth, origins: &origins))
                guard output.count <= Self.maximumLength else {
                    throw failure(.unresolvedPlaceholder,
                                  "expanding '${\(Self.excerpt(inner))}' makes a value longer than \(Self.maximumLength) bytes (1 MiB)",
                                  site: site)
                }
            }
        }
        return output
    }

    /// The value of one placeholder, `inner` being the text between `${` and `}`.
    ///
    /// With no placeholder inside, the whole text is tried as a key first;
    /// only when no property has that key is it split at the first `:` not
    /// escaped as `\\:` into key and default (Spring before 6.2 and since
    /// 6.2.2). With placeholders inside, the key is everything before the
    /// first unescaped `:` in the literal text, resolved; the default is
    /// resolved only when the key is missing.
    private mutating func placeholder(
        _ inner: ArraySlice<UInt8>, site: SourceLocation?, chain: [String], depth: Int, origins: inout Origins
    ) throws(Diagnostic) -> [UInt8] {
        // For messages only.
        func written() -> String { "${" + Self.excerpt(inner) + "}" }
        guard depth < Self.maximumDepth else {
            throw failure(.unresolvedPlaceholder, "placeholders nest more than \(Self.maximumDepth) levels deep at '\(written())'", site: site)
        }
        var keyBytes: [UInt8] = []
        var fallback: [Part]?
        var candidates: [String] = []
        if Self.nextOpening(inner, from: inner.startIndex) == nil {
            let text = Array(inner)
            let section = Self.section(text[...])
            keyBytes = section.key
            fallback = section.fallback.map { [.text($0)] }
            if section.key != text { candidates.append(String(decoding: text, as: UTF8.self)) }
        } else {
            let parts = try parts(of: inner, site: site)
            for (position, part) in parts.enumerated() {
                switch part {
                case .placeholder(let nested):
                    keyBytes += try placeholder(nested, site: site, chain: chain, depth: depth + 1, origins: &origins)
                case .text(let text):
                    let section = Self.section(text[...])
                    keyBytes += section.key
                    if let rest = section.fallback {
                        fallback = [.text(rest)] + parts[(position + 1)...]
                    }
                }
                if fallback != nil { break }
            }
        }
        let key = String(decoding: keyBytes, as: UTF8.self)
        guard !key.isEmpty else {
            throw failure(.unresolvedPlaceholder, "placeholder '\(written())' has an empty key", site: site)
        }
        candidates.append(key)
        for candidate in candidates {
            if let value = try lookup(candidate, site: site, chain: chain, depth: depth + 1, origins: &origins) {
                if let fallback { noteNamed(inFallback: fallback, chain: chain, site: site) }
                return Array(value.utf8)
            }
        }
        guard let fallback else { throw unresolved(key, placeholder: written(), site: site) }
        var output: [UInt8] = []
        for part in fallback {
            switch part {
            case .text(let text): output += text
            case .placeholder(let nested): output += try placeholder(nested, site: site, chain: chain, depth: depth + 1, origins: &origins)
            }
        }
        return output
    }

    /// The defaults that `text`'s outermost placeholders give their keys, as
    /// written: `${db.pool:4}` gives `db.pool` the default `4`. A placeholder
    /// whose key is made of other placeholders names no key here. For the manifest.
    static func writtenDefaults(in text: String) -> [String: String] {
        let bytes = Array(text.utf8)[...]
        var defaults: [String: String] = [:]
        var index = bytes.startIndex
        while let open = nextOpening(bytes, from: index) {
            guard let close = matchingClose(bytes, from: open + 2) else { break }
            index = close + 1
            guard open == bytes.startIndex || bytes[open - 1] != backslash else {
                index = open + 2
                continue
            }
            let section = section(bytes[(open + 2)..<close])
            guard let fallback = section.fallback, nextOpening(section.key[...], from: 0) == nil,
                  case let key = String(decoding: section.key, as: UTF8.self), defaults[key] == nil else { continue }
            defaults[key] = String(decoding: fallback, as: UTF8.self)
        }
        return defaults
    }

    /// `key:default` split at the first `:` that no backslash escapes; the
    /// key loses the backslashes of its escaped colons, the default is kept as written.
    private static func section(_ text: ArraySlice<UInt8>) -> (key: [UInt8], fallback: [UInt8]?) {
        var key: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if byte == colon {
                if index > text.startIndex && text[index - 1] == backslash {
                    key[key.count - 1] = colon
                } else {
                    return (key, Array(text[(index + 1)...]))
                }
            } else {
                key.append(byte)
            }
            index += 1
        }
        return (key, nil)
    }

    /// The start of a placeholder's text, for messages: at most 80 bytes.
    private static func excerpt(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.count <= 80 ? String(decoding: bytes, as: UTF8.self) : String(decoding: bytes.prefix(80), as: UTF8.self) + "…"
    }

    /// Resolves `property`, the value of `key` already asked of the layers,
    /// when it holds a placeholder: for the configuration's own check, which
    /// so asks each layer for each key once, and resolves no plain value.
    mutating func check(_ key: String, _ property: PropertyValue) throws(Diagnostic) {
        guard Self.mayContainPlaceholder(property.text) else { return }
        var origins = Origins([])
        _ = try lookup(key, site: nil, chain: [], depth: 0, origins: &origins, fetched: property)
    }

    private mutating func lookup(
        _ key: String, site: SourceLocation?, chain: [String], depth: Int, origins: inout Origins, fetched: PropertyValue? = nil
    ) throws(Diagnostic) -> String? {
        let exactKey = PropertyKey(key)
        noteNamed(exactKey, chain: chain, site: site)
        // Only values with placeholders are kept: with none kept, as in most configurations, none is looked for.
        if !resolved.isEmpty, let known = resolved[exactKey] {
            origins.add(known.origins)
            if known.isSecret { origins.isSecret = true }
            return known.value
        }
        if let start = chain.firstIndex(of: key) {
            throw cycle(Array(chain[start...]) + [key], site: site)
        }
        guard let property = fetched ?? configuration.property(forKey: key) else { return nil }
        // A value with no file:line (an environment variable, a provider) is named by its source.
        let location = property.location ?? SourceLocation(file: property.sourceName, line: 0)
        // Plain text is its own resolution: looking it up again costs less than remembering it.
        let isSecret = property.isSecret || SecretKeys.isSecret(key)
        guard Self.mayContainPlaceholder(property.text) else {
            origins.add(location)
            if isSecret { origins.isSecret = true }
            return property.text
        }
        var own = Origins([location])
        own.isSecret = isSecret
        let bytes = Array(property.text.utf8)
        let value = String(
            decoding: try expand(bytes[...], site: property.location ?? site, chain: chain + [key], depth: depth, origins: &own),
            as: UTF8.self)
        resolved[exactKey] = (value, own.list, own.isSecret)
        origins.add(own.list)
        if own.isSecret { origins.isSecret = true }
        return value
    }

    /// The index of the `}` that closes a `${` whose text starts at `start`:
    /// every `{` after it, escaped or not, needs its own `}` first, as in Spring.
    private static func matchingClose(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int? {
        var nesting = 1
        var index = start
        while index < bytes.endIndex {
            switch bytes[index] {
            case openBrace: nesting += 1
            case closeBrace:
                nesting -= 1
                if nesting == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    private func failure(_ code: DiagnosticCode, _ message: String, site: SourceLocation?, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(code, message, at: site, notes: notes, environment: configuration.environment)
    }

    private mutating func unresolved(_ key: String, placeholder: String, site: SourceLocation?) -> Diagnostic {
        if keySpelling == nil {
            var candidates = configuration.keys
            if configuration.environment != nil { candidates.append(Configuration.environmentKey) }
            keySpelling = SpellingIndex(candidates)
        }
        let hint = keySpelling?.didYouMean(key) ?? ""
        // The environment is the diagnostic's own field, not part of the
        // message, so that a problem shared by every environment merges.
        return failure(.unresolvedPlaceholder,
                       "unresolved placeholder '\(placeholder)': no property '\(key)'\(hint)", site: site)
    }

    private func cycle(_ path: [String], site: SourceLocation?) -> Diagnostic {
        let notes = path.dropLast().map { key in
            let property = configuration.property(forKey: key)
            let origin = property.map { $0.location == nil ? " (from \($0.sourceName))" : "" } ?? ""
            let text = property?.isSecret == true || SecretKeys.isSecret(key) ? SecretKeys.mask : property?.text ?? ""
            return Diagnostic.Note("'\(key)' is defined here\(origin) as '\(text)'", at: property?.location)
        }
        return failure(.placeholderCycle, "placeholder cycle: " + path.joined(separator: " → "), site: site, notes: notes)
    }
}
