/// The result of reading one `.properties` file: every assignment in file
/// order, and the map in which the last assignment of a key wins.
///
/// Keys are compared by their UTF-8 bytes, as Java compares its UTF-16
/// units: `caf\u00e9` and `cafe\u0301` are two keys, as in Java. The
/// ``values`` dictionary, being keyed by Swift strings, is the one place where
/// such a pair would meet; ``entries`` and lookups keep them apart.
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
    private let index: KeyIndex

    public init(file: String, entries: [PropertyEntry]) {
        self.init(file: file, entries: entries, keyHashes: entries.map { KeyIndex.hash($0.key) })
    }

    /// For the reader, which hashes each key's bytes while they are at hand.
    init(file: String, entries: [PropertyEntry], keyHashes: [Int]) {
        self.file = file
        self.entries = entries
        self.index = KeyIndex(entries, hashes: keyHashes)
    }

    /// The value of `key`, from its last assignment.
    public subscript(key: String) -> String? {
        entry(forKey: key)?.value
    }

    /// The last assignment of `key`, with its line.
    public func entry(forKey key: String) -> PropertyEntry? {
        index.lastPosition(of: key, in: entries).map { entries[$0] }
    }

    /// The distinct keys, in the order of their last assignment.
    public var keys: [String] {
        winners.map(\.key)
    }

    /// The last assignment of each key, in file order: what the map holds,
    /// with lines, in one pass over the index.
    public var winners: [PropertyEntry] {
        index.lastPositions.map { entries[$0] }
    }

    /// The merged map: the last assignment of each key wins. Keys are
    /// ``PropertyKey``s, so that two keys Java tells apart stay two.
    public var values: [PropertyKey: String] {
        var map = [PropertyKey: String](minimumCapacity: entries.count)
        for entry in winners { map[PropertyKey(entry.key)] = entry.value }
        return map
    }

    /// Each assignment that a later one of the same key overrides, paired
    /// with the assignment that overrides it.
    public var duplicates: [(overridden: PropertyEntry, winner: PropertyEntry)] {
        var replay = KeyIndex(capacityFor: entries.count)
        var result: [(overridden: PropertyEntry, winner: PropertyEntry)] = []
        for position in entries.indices {
            if let earlier = replay.insert(position, hash: KeyIndex.hash(entries[position].key), of: entries) {
                result.append((overridden: entries[earlier], winner: entries[position]))
            }
        }
        return result
    }
}
