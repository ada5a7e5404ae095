import SystemSupport
/// Finds the last assignment of a key among a document's entries, comparing
/// keys by their UTF-8 bytes, as Java compares its UTF-16 units: `é` as one
/// scalar and `e` + combining accent are different keys, as in Java.
///
/// An open-addressing table of entry positions, each slot holding the upper
/// half of its key's hash beside the position, so that probing rarely
/// touches anything but the slot. Hashing is the standard library's seeded
/// SipHash, so crafted collisions cannot slow a load to a crawl.
struct KeyIndex: Sendable, Hashable {
    /// Empty is 0; otherwise the key hash's upper 32 bits, then position + 1.
    private var slots: [UInt64]
    private let mask: Int

    /// Indexes every entry of `table`; a later entry of a key replaces an earlier one.
    init(_ table: EntryTable) {
        self.init(capacityFor: table.count)
        for position in 0..<table.count {
            _ = insert(position, of: table)
        }
    }

    /// An empty index with room for `count` keys.
    init(capacityFor count: Int) {
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        slots = [UInt64](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            buffer.initialize(repeating: 0)
            initialized = capacity
        }
        mask = capacity - 1
    }

    /// Records entry `position` of `table` as the last assignment of its key
    /// and returns the position of the assignment it replaces, if any.
    mutating func insert(_ position: Int, of table: EntryTable) -> Int? {
        let hash = table.keyHashes[position]
        let tag = Self.tag(hash)
        var slot = hash & mask
        while true {
            let occupant = slots[slot]
            if occupant == 0 {
                slots[slot] = tag | UInt64(position + 1)
                return nil
            }
            let earlier = Int(occupant & 0xFFFF_FFFF) - 1
            if occupant & ~0xFFFF_FFFF == tag && table.sameKey(earlier, position) {
                slots[slot] = tag | UInt64(position + 1)
                return earlier
            }
            slot = (slot + 1) & mask
        }
    }

    private static func tag(_ hash: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: hash) & ~0xFFFF_FFFF
    }

    /// The position of each key's last assignment, in file order: read off
    /// the slots, with no key hashed again.
    func lastPositions(count: Int) -> [Int] {
        var isLast = [Bool](repeating: false, count: count)
        for slot in slots where slot != 0 { isLast[Int(slot & 0xFFFF_FFFF) - 1] = true }
        return isLast.indices.filter { isLast[$0] }
    }

    /// The position of the last entry whose key has the same bytes as `key`.
    func lastPosition(of key: String, in table: EntryTable) -> Int? {
        var key = key
        return key.withUTF8 { bytes in
            let hash = EntryTable.hash(bytes)
            let tag = Self.tag(hash)
            var slot = hash & mask
            while true {
                let occupant = slots[slot]
                if occupant == 0 { return nil }
                let position = Int(occupant & 0xFFFF_FFFF) - 1
                if occupant & ~0xFFFF_FFFF == tag && table.key(at: position, equals: bytes) { return position }
                slot = (slot + 1) & mask
            }
        }
    }
}
