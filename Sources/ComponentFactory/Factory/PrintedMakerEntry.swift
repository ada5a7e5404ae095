/// One printed maker as the engine checks it (see ``PrintedMakers``): the
/// component's key, its type (by place in the generated list of types), its
/// initializer's labels, what each argument must be, where its values are,
/// and the makers it calls. Generated code holds the entries as one text, a
/// line each, which compiles in a moment where a literal of thousands of
/// values would not; this type alone writes and reads that line.
@_spi(CompiledWiring)
public struct PrintedMakerEntry: Sendable, Equatable {
    /// The component's key.
    public let key: String
    /// The place of its registered type in the generated list of types.
    public let type: Int
    /// Its initializer's argument labels.
    public let labels: [String]
    /// Per argument, the key of the component it must be, or nil for a value.
    public let references: [String?]
    /// The positions of the arguments that are values.
    public let values: [Int]
    /// The kind of each value in `values`: which generated array of values (one a type) it goes into, by place.
    public let kinds: [Int]
    /// The entries, before this one, of the printed makers it calls.
    public let below: [Int]

    /// An entry; `key` and each reference must be ``isPlain(_:)``.
    public init(key: String, type: Int, labels: [String], references: [String?], values: [Int], kinds: [Int], below: [Int]) {
        self.key = key
        self.type = type
        self.labels = labels
        self.references = references
        self.values = values
        self.kinds = kinds
        self.below = below
    }

    /// Whether `key` can be written in a line: no tab, comma, line break, quote, backslash or `#`.
    public static func isPlain(_ key: String) -> Bool {
        !key.isEmpty && !key.unicodeScalars.contains { "\t,\n\r\"\\#".unicodeScalars.contains($0) }
    }

    /// The entry as one line: its fields split by tabs, each list by commas, a value's reference empty.
    public var line: String {
        [key, String(type), labels.joined(separator: ","), references.map { $0 ?? "" }.joined(separator: ","),
         values.map(String.init).joined(separator: ","), kinds.map(String.init).joined(separator: ","),
         below.map(String.init).joined(separator: ",")].joined(separator: "\t")
    }

    /// An entry for each line of `text`, in order. A line that is not one this
    /// type wrote gives an entry with no key, whose maker the engine never allows.
    public static func entries(in text: String) -> [PrintedMakerEntry] {
        text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(entry)
    }

    private static let unreadable = PrintedMakerEntry(key: "", type: -1, labels: [], references: [], values: [], kinds: [], below: [])

    private static func entry(_ line: Substring) -> PrintedMakerEntry {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 7, let type = Int(fields[1]) else { return unreadable }
        func list(_ field: Substring) -> [Substring] { field.isEmpty ? [] : field.split(separator: ",", omittingEmptySubsequences: false) }
        let labels = list(fields[2]).map(String.init)
        // One item an argument, a value's empty: a lone value is an empty field.
        let references: [String?] = labels.isEmpty ? []
            : fields[3].split(separator: ",", omittingEmptySubsequences: false).map { $0.isEmpty ? nil : String($0) }
        let numbers = fields[4...6].map { list($0).map { Int($0) } }
        guard labels.count == references.count, numbers.allSatisfy({ $0.allSatisfy { $0 != nil } }) else { return unreadable }
        let (values, kinds, below) = (numbers[0].compactMap { $0 }, numbers[1].compactMap { $0 }, numbers[2].compactMap { $0 })
        guard values.count == kinds.count else { return unreadable }
        return PrintedMakerEntry(key: String(fields[0]), type: type, labels: labels, references: references, values: values,
                                 kinds: kinds, below: below)
    }
}
