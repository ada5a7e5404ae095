/// Finds the last assignment of a key among a document's entries, comparing
/// keys by their UTF-8 bytes, as Java compares its UTF-16 units: `é` as one
/// scalar and `e` + combining accent are different keys, as in Java.
///
/// An open-addressing table of entry positions, with each entry's key hash
/// kept beside it so that probing rarely touches a string. Hashing is the
/// standard library's seeded SipHash, so crafted collisions cannot slow a
/// load to a crawl.
struct KeyIndex: Sendable, Hashable {
    private var slots: [Int32]
    private var hashes: [Int]
    private let mask: Int

    /// Indexes `entries`, whose key hashes are `hashes`; a later entry of a
    /// key replaces an earlier one.
    init(_ entries: [PropertyEntry], hashes: [Int]) {
        self.init(capacityFor: entries.count)
        for position in entries.indices {
            _ = insert(position, hash: hashes[position], of: entries)
        }
    }

    /// An empty index with room for `count` keys.
    init(capacityFor count: Int) {
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        slots = [Int32](repeating: -1, count: capacity)
        hashes = []
        hashes.reserveCapacity(count)
        mask = capacity - 1
    }

    /// Records `entries[position]` as the last assignment of its key and
    /// returns the position of the assignment it replaces, if any. Positions
    /// must be inserted in order, from 0.
    mutating func insert(_ position: Int, hash: Int, of entries: [PropertyEntry]) -> Int? {
        hashes.append(hash)
        var slot = hash & mask
        while true {
            let occupant = Int(slots[slot])
            if occupant < 0 {
                slots[slot] = Int32(truncatingIfNeeded: position)
                return nil
            }
            if hashes[occupant] == hash && Self.sameBytes(entries[occupant].key, entries[position].key) {
                slots[slot] = Int32(truncatingIfNeeded: position)
                return occupant
            }
            slot = (slot + 1) & mask
        }
    }

    /// The position of the last entry whose key has the same bytes as `key`.
    /// The position of each key's last assignment, in file order: read off
    /// the slots, with no key hashed again.
    var lastPositions: [Int] {
        var isLast = [Bool](repeating: false, count: hashes.count)
        for slot in slots where slot >= 0 { isLast[Int(slot)] = true }
        return isLast.indices.filter { isLast[$0] }
    }

    func lastPosition(of key: String, in entries: [PropertyEntry]) -> Int? {
        let hash = Self.hash(key)
        var slot = hash & mask
        while true {
            let occupant = Int(slots[slot])
            if occupant < 0 { return nil }
            if hashes[occupant] == hash && Self.sameBytes(entries[occupant].key, key) { return occupant }
            slot = (slot + 1) & mask
        }
    }

    static func hash(_ key: String) -> Int {
        var copy = key
        return copy.withUTF8(hash(bytes:))
    }

    static func hash(bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var left = a
        var right = b
        return left.withUTF8 { x in right.withUTF8 { y in x.count == y.count && x.elementsEqual(y) } }
    }
}
