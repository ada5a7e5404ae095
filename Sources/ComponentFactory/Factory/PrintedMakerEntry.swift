/// One printed maker as the engine checks it (see ``PrintedMakers``): the
/// component's key, its type (by place in the generated list of types), its
/// initializer's labels, the members it assigns and the methods it calls,
/// what each argument and assigned value must be, which generated maker
/// makes it and as which member, and the printed makers it calls.
/// Generated code holds the entries as one text, a line each, which compiles
/// in a moment where a literal of thousands of values would not; this type
/// alone writes and reads that line.
@_spi(CompiledWiring)
public struct PrintedMakerEntry: Sendable, Equatable {
    /// The component's key.
    public let key: String
    /// The place of its registered type in the generated list of types.
    public let type: Int
    /// The generated maker that makes it: one for every component of the same shape.
    public let shape: Int
    /// Its place among the components of its shape, which the shape's arrays of values are indexed by.
    public let member: Int
    /// Its initializer's argument labels.
    public let labels: [String]
    /// The members its properties assign, in the order the component sets them.
    public let assigned: [String]
    /// The methods its callbacks call, before its properties, after them, and as its init method; nil for none.
    public let methods: [String?]
    /// Per argument, then per assigned member, the key of the component it must be, or nil for a value.
    public let references: [String?]
    /// Per argument, then per assigned member, the entry, before this one, of the
    /// printed maker its reference calls; nil for a value, or a reference the engine resolves.
    public let calls: [Int?]

    /// An entry; `key`, each reference, member and method must be ``isPlain(_:)``,
    /// and `methods` has three places: before the properties, after them, and the init method.
    public init(key: String, type: Int, shape: Int, member: Int, labels: [String], assigned: [String] = [],
                methods: [String?] = [nil, nil, nil], references: [String?], calls: [Int?]) {
        self.key = key
        self.type = type
        self.shape = shape
        self.member = member
        self.labels = labels
        self.assigned = assigned
        self.methods = methods
        self.references = references
        self.calls = calls
    }

    /// The entries of the printed makers this one calls.
    public var below: [Int] { calls.compactMap { $0 } }

    /// The entry the argument at `position` calls; nil for a value, a reference the engine resolves, or no such argument.
    public func call(at position: Int) -> Int? {
        calls.indices.contains(position) ? calls[position] : nil
    }

    /// The key the argument at `position` must be; nil for a value, or no such argument.
    public func reference(at position: Int) -> String? {
        references.indices.contains(position) ? references[position] : nil
    }

    /// Whether `key` can be written in a line: no tab, comma, line break, quote, backslash or `#`.
    public static func isPlain(_ key: String) -> Bool {
        !key.isEmpty && !key.unicodeScalars.contains { "\t,\n\r\"\\#".unicodeScalars.contains($0) }
    }

    /// The entry as one line: its fields split by tabs, each list by commas, an absent method, reference or call empty.
    public var line: String {
        [key, String(type), String(shape), String(member), labels.joined(separator: ","), assigned.joined(separator: ","),
         methods.map { $0 ?? "" }.joined(separator: ","), references.map { $0 ?? "" }.joined(separator: ","),
         calls.map { $0.map(String.init) ?? "" }.joined(separator: ",")]
            .joined(separator: "\t")
    }

    /// An entry for each line of `text`, in order. A line that is not one this
    /// type wrote, or whose calls are not entries before it with the keys it
    /// references, gives an entry with no key, whose maker the engine never allows.
    public static func entries(in text: String) -> [PrintedMakerEntry] {
        guard !text.isEmpty else { return [] }
        var entries: [PrintedMakerEntry] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let read = entry(line)
            let callsFit = zip(read.calls, read.references).allSatisfy { call, reference in
                guard let call else { return true }
                return call < entries.count && entries[call].key == reference
            }
            entries.append(callsFit ? read : unreadable)
        }
        return entries
    }

    private static let unreadable = PrintedMakerEntry(key: "", type: -1, shape: -1, member: -1, labels: [], references: [], calls: [])

    private static func entry(_ line: Substring) -> PrintedMakerEntry {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 9, let type = Int(fields[1]), let shape = Int(fields[2]), let member = Int(fields[3]),
              shape >= 0, member >= 0 else { return unreadable }
        func names(_ field: Substring) -> [String] {
            field.isEmpty ? [] : field.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        let (labels, assigned) = (names(fields[4]), names(fields[5]))
        let methods: [String?] = fields[6].split(separator: ",", omittingEmptySubsequences: false).map { $0.isEmpty ? nil : String($0) }
        // One item an argument or an assigned member, an absent one empty: a lone absent one is an empty field.
        let count = labels.count + assigned.count
        func items(_ field: Substring) -> [Substring] {
            count == 0 ? [] : field.split(separator: ",", omittingEmptySubsequences: false)
        }
        let references: [String?] = items(fields[7]).map { $0.isEmpty ? nil : String($0) }
        let calls: [Int?] = items(fields[8]).map { $0.isEmpty ? nil : Int($0) ?? -1 }
        guard methods.count == 3, !assigned.contains(""), references.count == count, calls.count == count,
              calls.allSatisfy({ ($0 ?? 0) >= 0 }) else { return unreadable }
        return PrintedMakerEntry(key: String(fields[0]), type: type, shape: shape, member: member, labels: labels,
                                 assigned: assigned, methods: methods, references: references, calls: calls)
    }
}
