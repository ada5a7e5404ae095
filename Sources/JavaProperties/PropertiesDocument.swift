/// The result of reading one `.properties` file: every assignment in file
/// order, and the map in which the last assignment of a key wins.
///
/// Keys are compared by their UTF-8 bytes, as Java compares its UTF-16
/// units: `caf\u00e9` and `cafe\u0301` are two keys, as in Java. The
/// assignments are held as bytes; each `String` is made when it is asked for.
///
/// ```swift
/// let document = try PropertiesReader.read(text: "a=1\na=2\n", file: "app.properties")
/// document["a"]                 // "2"
/// document.duplicates.count     // 1
/// ```
public struct PropertiesDocument: Sendable, Hashable {
    /// The path or name the document was read from, used in diagnostics.
    public let file: String
    private let table: EntryTable
    private let index: KeyIndex

    /// A document of `entries`, as if read from `file`.
    public init(file: String, entries: [PropertyEntry]) {
        self.init(file: file, table: EntryTable(entries: entries))
    }

    /// For the reader, which fills the table as it goes.
    init(file: String, table: EntryTable) {
        self.file = file
        self.table = table
        self.index = KeyIndex(table)
    }

    /// The number of assignments, duplicates included.
    public var count: Int { table.count }

    /// The assignment at `position`, counted in file order from 0.
    public func entry(at position: Int) -> PropertyEntry {
        table.entry(at: position)
    }

    /// Every assignment, in file order, duplicates included.
    public var entries: [PropertyEntry] {
        (0..<table.count).map(table.entry(at:))
    }

    /// The value of `key`, from its last assignment.
    public subscript(key: String) -> String? {
        entry(forKey: key)?.value
    }

    /// The last assignment of `key`, with its line.
    public func entry(forKey key: String) -> PropertyEntry? {
        index.lastPosition(of: key, in: table).map(table.entry(at:))
    }

    /// The value and line of the last assignment of `key`: ``entry(forKey:)``
    /// less the key, which the caller has (no string is made of it).
    public func value(forKey key: String) -> (value: String, line: Int)? {
        index.lastPosition(of: key, in: table).map(table.valueAndLine(at:))
    }

    /// The distinct keys, in the order of their last assignment.
    public var keys: [String] {
        winners.map(\.key)
    }

    /// The last assignment of each key, in file order: what the map holds,
    /// with lines, in one pass over the index.
    public var winners: [PropertyEntry] {
        index.lastPositions(count: table.count).map(table.entry(at:))
    }

    /// The map as a ``PropertyListing``: the last assignment of each key,
    /// ordered by key, sharing this document's bytes (no string is made).
    public var listing: PropertyListing {
        PropertyListing(table: table, positions: table.listingOrder(index))
    }

    /// The merged map: the last assignment of each key wins. Keys are
    /// ``PropertyKey``s, so that two keys Java tells apart stay two.
    public var values: [PropertyKey: String] {
        var map = [PropertyKey: String](minimumCapacity: table.count)
        for entry in winners { map[PropertyKey(entry.key)] = entry.value }
        return map
    }

    /// Each assignment that a later one of the same key overrides, paired
    /// with the assignment that overrides it.
    public var duplicates: [(overridden: PropertyEntry, winner: PropertyEntry)] {
        var replay = KeyIndex(capacityFor: table.count)
        var result: [(overridden: PropertyEntry, winner: PropertyEntry)] = []
        for position in 0..<table.count {
            if let earlier = replay.insert(position, of: table) {
                result.append((overridden: table.entry(at: earlier), winner: table.entry(at: position)))
            }
        }
        return result
    }
}
