/// A map of properties ordered by key, held as bytes: what `factory
/// properties` prints, without a `String` per key and value.
///
/// Keys are distinct and ordered by their UTF-8 bytes, which is the order
/// of their Unicode scalars. A listing made from a ``PropertiesDocument``
/// shares the document's bytes.
///
/// ```swift
/// var listing = PropertyListing(pairs: [("b", "2"), ("a", "1"), ("db.password", "x")])
/// listing.key(at: 0)  // "a"
/// listing.replaceValues(with: "******") { $0.elementsEqual("db.password".utf8) }
/// listing.value(at: 2)  // "******"
/// ```
public struct PropertyListing: Sendable, Hashable {
    private let table: EntryTable
    /// The table's positions in key order.
    private let order: [Int]
    /// Values put in place of the table's, by place in the listing.
    private var replacements: [Int: String] = [:]

    init(table: EntryTable, positions: [Int]) {
        self.table = table
        self.order = positions
    }

    /// The pairs ordered by key; of two pairs with the same key, the later wins.
    public init(pairs: [(key: String, value: String)]) {
        let table = EntryTable(entries: pairs.map { PropertyEntry(key: $0.key, value: $0.value, line: 0) })
        self.init(table: table, positions: table.listingOrder(KeyIndex(table)))
    }

    /// The number of keys.
    public var count: Int { order.count }
    /// Whether there are no keys.
    public var isEmpty: Bool { order.isEmpty }

    /// The key at `place`, counted in key order from 0.
    public func key(at place: Int) -> String {
        table.entry(at: order[place]).key
    }

    /// The value at `place`, or the value put in its place.
    public func value(at place: Int) -> String {
        replacements[place] ?? table.entry(at: order[place]).value
    }

    /// The pairs in order, as `(key, value)` strings.
    public var pairs: [(key: String, value: String)] {
        order.indices.map { (key(at: $0), value(at: $0)) }
    }

    /// Puts `value` in place of the value of every key whose bytes satisfy `isReplaced`.
    public mutating func replaceValues(with value: String, where isReplaced: (UnsafeBufferPointer<UInt8>) -> Bool) {
        table.withBytes { bytes in
            table.spans.withUnsafeBufferPointer { spans in
                for place in order.indices where isReplaced(bytes.key(spans[order[place]])) {
                    replacements[place] = value
                }
            }
        }
    }

    /// Calls `body` with each pair's key and value bytes, in order.
    public func forEachPair(_ body: (_ key: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void) {
        table.withBytes { bytes in
            table.spans.withUnsafeBufferPointer { spans in
                for place in order.indices {
                    let span = spans[order[place]]
                    if !replacements.isEmpty, var replaced = replacements[place] {
                        replaced.withUTF8 { body(bytes.key(span), $0) }
                    } else {
                        body(bytes.key(span), bytes.value(span))
                    }
                }
            }
        }
    }
}
