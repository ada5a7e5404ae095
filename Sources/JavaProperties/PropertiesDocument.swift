/// The result of reading one `.properties` file: every assignment in file
/// order, and the map in which the last assignment of a key wins.
///
/// Keys are Swift strings, so two keys that differ only in Unicode
/// normalization (`é` as one scalar or as `e` + combining accent) are the
/// same key here, where Java would keep both.
///
/// ```swift
/// let document = try PropertiesReader.read(text: "a=1\na=2\n", file: "app.properties")
/// document["a"]                 // "2"
/// document.duplicates.count     // 1
/// ```
public struct PropertiesDocument: Sendable, Hashable {
    /// The path or name the document was read from, used in diagnostics.
    public let file: String
    /// Every assignment, in file order, duplicates included.
    public let entries: [PropertyEntry]
    private let lastIndexByKey: [String: Int]

    public init(file: String, entries: [PropertyEntry]) {
        self.file = file
        self.entries = entries
        var index = [String: Int](minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() {
            index[entry.key] = position
        }
        self.lastIndexByKey = index
    }

    /// The value of `key`, from its last assignment.
    public subscript(key: String) -> String? {
        lastIndexByKey[key].map { entries[$0].value }
    }

    /// The last assignment of `key`, with its line.
    public func entry(forKey key: String) -> PropertyEntry? {
        lastIndexByKey[key].map { entries[$0] }
    }

    /// The distinct keys, in no particular order.
    public var keys: Dictionary<String, Int>.Keys { lastIndexByKey.keys }

    /// The merged map: the last assignment of each key wins.
    public var values: [String: String] {
        lastIndexByKey.mapValues { entries[$0].value }
    }

    /// Each assignment that an earlier one of the same key loses to, paired
    /// with the assignment that it overrides.
    public var duplicates: [(overridden: PropertyEntry, winner: PropertyEntry)] {
        var previousByKey: [String: PropertyEntry] = [:]
        var result: [(overridden: PropertyEntry, winner: PropertyEntry)] = []
        for entry in entries {
            if let previous = previousByKey.updateValue(entry, forKey: entry.key) {
                result.append((overridden: previous, winner: entry))
            }
        }
        return result
    }
}
