/// Reads the text ``WiringWriter`` writes back into images, in one linear
/// pass over each text. Text it did not write (edited by hand, cut short,
/// from another version) is a `stale-wiring` diagnostic, never a crash.
@_spi(Tooling)
public struct WiringReader {
    /// The version of the text; a text of another one is refused.
    public static let version = 4

    /// The image of `environment` (nil: the set with no environment) in
    /// the wiring made of `entry` and `documents`; a `stale-wiring`
    /// diagnostic when the text is not one the writer wrote, or has no such environment.
    public static func image(of environment: String?, entry: String, documents: [String]) throws(Diagnostic) -> WiringImage {
        let read = try read(environment, entry: entry, documents: documents)
        guard let image = read.image else { throw missing(environment) }
        return image
    }

    /// `stale-wiring`: the wiring has no environment `environment` (one added to the config root since it was compiled).
    public static func missing(_ environment: String?) -> Diagnostic {
        Diagnostic(.staleWiring, "the compiled wiring has no environment '\(environment ?? "none")'; compile the wiring again", at: nil)
    }

    /// The image of `environment`, as ``image(of:entry:documents:)`` reads it (nil when the wiring has
    /// no such environment), and the wiring's stamps.
    public static func read(_ environment: String?, entry: String,
                            documents: [String]) throws(Diagnostic) -> (image: WiringImage?, stamps: WiringStamps) {
        var files: [String] = []
        var stamps = WiringStamps()
        var wanted: WiringImage?
        var plans: [(file: Int, key: String, variant: Int)] = []
        var cursor = Cursor(entry)
        try cursor.header()
        var current: String??
        while !cursor.atEnd {
            let tag = try cursor.word()
            switch tag {
            case "F":
                files.append(try cursor.string())
            case "E":
                current = .some(try cursor.optionalString())
                if current == .some(environment) { wanted = WiringImage(environment: environment, placeholderLocations: [], components: [], aliases: [:]) }
            case "G":
                stamps.assemblies.append(try cursor.string())
            case "H":
                let path = try cursor.string()
                stamps.sources[path] = try cursor.hash()
            case "R":
                stamps.registry = try cursor.hash()
            case "K":
                let text = try cursor.attribute(files)
                let hash = try cursor.hash()
                if current == .some(environment) { wanted?.structural.append(WiringStamps.Structural(text: text, hash: hash)) }
            case "V":
                let graceful = try cursor.optionalAttribute(files)
                let cancellation = try cursor.optionalAttribute(files)
                let group = AssemblyDocument.ServiceGroupDeclaration(gracefulShutdownTimeout: graceful, cancellationTimeout: cancellation,
                                                                     location: try cursor.location(files))
                if current == .some(environment) { wanted?.serviceGroups.append(group) }
            case "L":
                let location = try cursor.attribute(files)
                if current == .some(environment) { wanted?.placeholderLocations.append(location) }
            case "P":
                let file = try cursor.number()
                let key = try cursor.string()
                let variant = try cursor.number()
                if current == .some(environment) { plans.append((file, key, variant)) }
            case "A":
                let alias = try cursor.string()
                let key = try cursor.string()
                if current == .some(environment) { wanted?.aliases[alias] = key }
            default:
                throw cursor.failure("an entry line begins with '\(tag)'")
            }
            try cursor.endOfLine()
        }
        guard var image = wanted else { return (nil, stamps) }
        var records: [Record: WiringImage.Component] = [:]
        records.reserveCapacity(plans.count)
        for text in documents {
            var document = Cursor(text)
            try document.header()
            while !document.atEnd {
                guard try document.word() == "C" else { throw document.failure("a document line does not begin with 'C'") }
                let key = try document.string()
                let variant = try document.number()
                let (component, file) = try document.component(key: key, files: files)
                records[Record(file: file, key: key, variant: variant)] = component
                try document.endOfLine()
            }
        }
        image.components.reserveCapacity(plans.count)
        for plan in plans {
            guard files.indices.contains(plan.file),
                  // Taken out, not copied: an environment names each of its components once.
                  let component = records.removeValue(forKey: Record(file: plan.file, key: plan.key, variant: plan.variant)) else {
                throw Diagnostic(.staleWiring, "the compiled wiring's entry names component '\(plan.key)' (variant \(plan.variant)), "
                                     + "which no document of it has; compile the wiring again", at: nil)
            }
            image.components.append(component)
        }
        return (image, stamps)
    }

    /// A document's component, as the entry names it: its file, its key, and which variant of it.
    private struct Record: Hashable {
        /// The file's number in the entry.
        let file: Int
        let key: String
        let variant: Int
    }

    /// A place in a text, read token by token.
    struct Cursor {
        private let bytes: [UInt8]
        private var offset = 0
        private var line = 1

        init(_ text: String) {
            bytes = Array(text.utf8)
        }

        var atEnd: Bool { offset >= bytes.count }

        func failure(_ what: String) -> Diagnostic {
            Diagnostic(.staleWiring, "the compiled wiring's text is not what compile-wiring writes (line \(line): \(what)); "
                           + "compile the wiring again", at: nil)
        }

        mutating func header() throws(Diagnostic) {
            guard try word() == "wiring", try number() == WiringReader.version else {
                throw failure("not version \(WiringReader.version) of the wiring text")
            }
            try endOfLine()
        }

        mutating func endOfLine() throws(Diagnostic) {
            guard offset < bytes.count, bytes[offset] == 0x0A else { throw failure("more on the line than expected") }
            offset += 1
            line += 1
        }

        /// Takes the one space before a token (none at a line's start).
        private mutating func separator() throws(Diagnostic) {
            guard offset > 0, bytes[offset - 1] != 0x0A else { return }
            guard offset < bytes.count, bytes[offset] == 0x20 else { throw failure("a token is missing") }
            offset += 1
        }

        /// The next token's bytes, after its separator.
        private mutating func token() throws(Diagnostic) -> ArraySlice<UInt8> {
            try separator()
            let start = offset
            while offset < bytes.count, bytes[offset] != 0x20, bytes[offset] != 0x0A { offset += 1 }
            guard offset > start else { throw failure("a token is missing") }
            return bytes[start..<offset]
        }

        mutating func word() throws(Diagnostic) -> String {
            String(decoding: try token(), as: UTF8.self)
        }

        mutating func number() throws(Diagnostic) -> Int {
            try separator()
            let start = offset
            var value = 0
            while offset < bytes.count, bytes[offset] != 0x20, bytes[offset] != 0x0A {
                let digit = Int(bytes[offset]) - 0x30
                guard (0...9).contains(digit), offset - start < 18 else { throw failure("a number is expected") }
                value = value * 10 + digit
                offset += 1
            }
            guard offset > start else { throw failure("a token is missing") }
            return value
        }

        /// A stamp's hash: a decimal `UInt64`.
        mutating func hash() throws(Diagnostic) -> UInt64 {
            let digits = try token()
            guard let value = UInt64(String(decoding: digits, as: UTF8.self)) else { throw failure("a hash is expected") }
            return value
        }

        mutating func flag() throws(Diagnostic) -> Bool {
            switch try number() {
            case 0: false
            case 1: true
            default: throw failure("a flag is 0 or 1")
            }
        }

        /// Whether the next token is `-`, for none: then it is taken.
        private mutating func takesNone() -> Bool {
            guard offset + 1 < bytes.count, bytes[offset] == 0x20, bytes[offset + 1] == 0x2D,
                  offset + 2 == bytes.count || bytes[offset + 2] == 0x20 || bytes[offset + 2] == 0x0A else { return false }
            offset += 2
            return true
        }

        /// A quoted string, or `-` for none.
        mutating func optionalString() throws(Diagnostic) -> String? {
            takesNone() ? nil : try string()
        }

        /// A quoted string, its escapes undone.
        mutating func string() throws(Diagnostic) -> String {
            try separator()
            guard offset < bytes.count, bytes[offset] == 0x22 else { throw failure("a string is expected") }
            offset += 1
            // Most strings have no escape: their bytes are taken as they lie.
            let start = offset
            while offset < bytes.count, bytes[offset] != 0x22, bytes[offset] != 0x5C, bytes[offset] != 0x0A { offset += 1 }
            if offset < bytes.count, bytes[offset] == 0x22 {
                offset += 1
                // The text was a String, cut here only at ASCII quotes: its bytes are whole UTF-8.
                return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start ..< offset - 1]), as: UTF8.self) }
            }
            var result = Array(bytes[start ..< offset])
            while true {
                guard offset < bytes.count, bytes[offset] != 0x0A else { throw failure("a string is not closed") }
                let byte = bytes[offset]
                offset += 1
                if byte == 0x22 { break }
                guard byte == 0x5C else {
                    result.append(byte)
                    continue
                }
                guard offset < bytes.count else { throw failure("an escape is cut short") }
                let escaped = bytes[offset]
                offset += 1
                switch escaped {
                case 0x5C, 0x22: result.append(escaped)
                case 0x6E: result.append(0x0A)
                case 0x75:  // u{hex}
                    guard offset < bytes.count, bytes[offset] == 0x7B else { throw failure("a \\u escape lacks its brace") }
                    offset += 1
                    var value: UInt32 = 0
                    var digits = 0
                    while offset < bytes.count, bytes[offset] != 0x7D {
                        guard digits < 8, let digit = Self.hexValue(bytes[offset]) else { throw failure("a \\u escape is not hexadecimal") }
                        value = value * 16 + digit
                        digits += 1
                        offset += 1
                    }
                    guard offset < bytes.count, digits > 0, let scalar = Unicode.Scalar(value) else { throw failure("a \\u escape is not a scalar") }
                    offset += 1
                    result += Array(String(Character(scalar)).utf8)
                default:
                    throw failure("an unknown escape")
                }
            }
            guard let text = String(validating: result, as: UTF8.self) else { throw failure("a string is not UTF-8") }
            return text
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case 0x30...0x39: UInt32(byte - 0x30)
            case 0x61...0x66: UInt32(byte - 0x61 + 10)
            case 0x41...0x46: UInt32(byte - 0x41 + 10)
            default: nil
            }
        }

        mutating func location(_ files: [String]) throws(Diagnostic) -> SourceLocation {
            try numberedLocation(files).location
        }

        /// A location, and the number of its file in the entry's list.
        private mutating func numberedLocation(_ files: [String]) throws(Diagnostic) -> (location: SourceLocation, file: Int) {
            let file = try number()
            guard files.indices.contains(file) else { throw failure("a location names file \(file), which the entry does not list") }
            return (SourceLocation(file: files[file], line: try number(), column: try number()), file)
        }

        /// An attribute, or `-` for none.
        mutating func optionalAttribute(_ files: [String]) throws(Diagnostic) -> AttributeValue? {
            takesNone() ? nil : try attribute(files)
        }

        mutating func attribute(_ files: [String]) throws(Diagnostic) -> AttributeValue {
            let text = try string()
            return AttributeValue(text, at: try location(files))
        }

        /// A count that a line can hold: each counted thing takes at least two bytes.
        private mutating func count() throws(Diagnostic) -> Int {
            let count = try number()
            guard count <= (bytes.count - offset) / 2 else { throw failure("a count is larger than the text") }
            return count
        }

        /// A document's component, and the number of its file in the entry's list.
        mutating func component(key: String, files: [String]) throws(Diagnostic) -> (WiringImage.Component, file: Int) {
            let (location, file) = try numberedLocation(files)
            guard let scope = Scope(rawValue: try word()) else { throw failure("an unknown scope") }
            let isLazy = try flag()
            let isSeeded = try flag()
            let isReloadable = try flag()
            let type = try optionalString()
            let maker: WiringImage.Maker
            switch try word() {
            case "i": maker = .initializer(try string())
            case "c": maker = .classMethod(try string())
            case "f": maker = .factoryMethod(try string(), factoryType: try string(), factory: try string())
            case "e": maker = .seeded
            default: throw failure("an unknown maker")
            }
            var arguments: [WiringValue] = []
            for _ in 0..<(try count()) { arguments.append(try value(files, depth: 0)) }
            var dependencies: [String] = []
            for _ in 0..<(try count()) { dependencies.append(try string()) }
            var properties: [WiringImage.Property] = []
            for _ in 0..<(try count()) {
                let name = try string()
                let value = try value(files, depth: 0)
                properties.append(WiringImage.Property(name: name, value: value, location: try self.location(files)))
            }
            var callbacks: [String?] = []
            callbacks.reserveCapacity(4)
            for _ in 0..<4 { callbacks.append(try optionalString()) }
            var attributes: [WiringImage.Attribute] = []
            for _ in 0..<(try count()) {
                let name = try string()
                guard AssemblyGrammar.Attribute(rawValue: name) != nil else { throw failure("'\(name)' is not an attribute of <component>") }
                attributes.append(WiringImage.Attribute(name: name, value: try attribute(files)))
            }
            let component = WiringImage.Component(key: key, location: location, scope: scope, isLazy: isLazy, isSeeded: isSeeded,
                                                  isReloadable: isReloadable, type: type, maker: maker, arguments: arguments,
                                                  dependencies: dependencies, properties: properties, callbacks: callbacks,
                                                  attributes: attributes)
            return (component, file)
        }

        /// A value, its collections no deeper than an assembly's elements can nest.
        mutating func value(_ files: [String], depth: Int) throws(Diagnostic) -> WiringValue {
            guard depth < AssemblyBuilder.maximumDepth else { throw failure("collections nest deeper than an assembly can") }
            switch try word() {
            case "r": return .component(try string())
            case "s":
                let text = try attribute(files)
                return .site(text, hint: try optionalAttribute(files))
            case "n": return .null
            case "t": return .settings
            case "a":
                var items: [WiringValue] = []
                for _ in 0..<(try count()) { items.append(try value(files, depth: depth + 1)) }
                return .collection(items)
            case "d":
                var entries: [WiringValue.Entry] = []
                for _ in 0..<(try count()) {
                    let key = try attribute(files)
                    entries.append(WiringValue.Entry(key: key, value: try value(files, depth: depth + 1)))
                }
                return .dictionary(entries)
            default: throw failure("an unknown value")
            }
        }
    }
}
