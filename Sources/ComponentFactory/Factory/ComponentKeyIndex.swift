/// Finds a component's index by its key, for lookups while resolving.
///
/// An open-addressing table over the keys' UTF-8 bytes, hashed eight bytes
/// at a time with a seed drawn per table: looking up a short key costs a
/// few multiplications, one probe of one array and a comparison of a word
/// or two, not a full SipHash. Keys that differ in bytes but are
/// canonically equivalent Swift strings (a precomposed `é` and `e` with a
/// combining accent) miss here, and are found by the dictionary the table
/// falls back to, so a lookup means what `String` equality means.
///
/// A class, so that a lookup reads its arrays in place.
final class ComponentKeyIndex: Sendable {
    /// One key in the table: where its bytes are, and its component's index.
    private struct Entry {
        var hash: Int
        var start: Int32
        var count: Int32
        /// The component index, or -1 for an empty slot.
        var value: Int

        static let empty = Entry(hash: 0, start: 0, count: 0, value: -1)
    }

    /// Open addressing with linear probing, at most half full.
    private let table: [Entry]
    /// The keys' bytes, one after another.
    private let bytes: [UInt8]
    private let mask: Int
    private let seed: UInt64
    /// Every key, for lookups that miss the byte table and for listing.
    let byKey: [String: Int]

    /// Indexes `keys`: `byKey[key]` is the component index of each.
    ///
    /// Of a few seeds drawn, the table keeps the one whose keys sit fewest
    /// slots past their hash, and stops at one where each sits in its own:
    /// then a lookup of any key probes once, whichever seed the run drew.
    /// The seeds tried are at most ``seedBudget`` keys hashed in all, and at
    /// least one, so indexing stays linear in the keys.
    init(_ byKey: [String: Int]) {
        self.byKey = byKey
        var capacity = 16
        while capacity < byKey.count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var bytes: [UInt8] = []
        var spans: [(start: Int, count: Int, value: Int)] = []
        spans.reserveCapacity(byKey.count)
        for (key, value) in byKey {
            let start = bytes.count
            bytes.append(contentsOf: key.utf8)
            spans.append((start, bytes.count - start, value))
        }
        var seed = UInt64.random(in: .min ... .max)
        var laid = Self.lay(spans, bytes: bytes, capacity: capacity, seed: seed)
        var triesLeft = Self.seedBudget / max(1, byKey.count) - 1
        while laid.displaced > 0, triesLeft > 0 {
            triesLeft -= 1
            let another = UInt64.random(in: .min ... .max)
            let tried = Self.lay(spans, bytes: bytes, capacity: capacity, seed: another)
            if tried.displaced < laid.displaced { (seed, laid) = (another, tried) }
        }
        self.table = laid.table
        self.bytes = bytes
        self.mask = mask
        self.seed = seed
    }

    /// The table of the keys at `spans` of `bytes` hashed with `seed`, and
    /// how many slots past their hash's they sit, summed over the keys.
    private static func lay(_ spans: [(start: Int, count: Int, value: Int)], bytes: [UInt8], capacity: Int,
                            seed: UInt64) -> (table: [Entry], displaced: Int) {
        let mask = capacity - 1
        var table = [Entry](repeating: .empty, count: capacity)
        var displaced = 0
        bytes.withUnsafeBytes { stored in
            for span in spans {
                let hash = hash(UnsafeRawBufferPointer(rebasing: stored[span.start ..< span.start + span.count]), seed: seed)
                var slot = hash & mask
                while table[slot].value >= 0 {
                    slot = (slot + 1) & mask
                    displaced += 1
                }
                table[slot] = Entry(hash: hash, start: Int32(truncatingIfNeeded: span.start),
                                    count: Int32(truncatingIfNeeded: span.count), value: span.value)
            }
        }
        return (table, displaced)
    }

    /// How many keys, over all the seeds tried, one table hashes at most while it is built.
    static let seedBudget = 4_096

    /// The most slots a lookup of a present key visits: what a hash that spreads the keys keeps small.
    var longestProbe: Int {
        let capacity = table.count
        var longest = 0
        for (slot, entry) in table.enumerated() where entry.value >= 0 {
            longest = max(longest, (slot - (entry.hash & mask) + capacity) % capacity + 1)
        }
        return longest
    }

    /// The index of the component with `key`, if there is one. Inlined into
    /// the lookup by key; what a miss needs is out of line.
    // Forced, with the other four here; needed by: singleton by key, Benchmarks/README §Lookups.
    @inline(__always)
    func index(of key: String) -> Int? {
        // A native or small string lends its bytes in place.
        if let found = key.utf8.withContiguousStorageIfAvailable({ indexOfBytes(UnsafeRawBufferPointer($0)) }), let found {
            return found
        }
        return indexAfterMiss(of: key)
    }

    /// The index of `key` when its bytes were not lent (a foreign string) or
    /// not found (they may differ from a canonically equal key's).
    @inline(never)
    private func indexAfterMiss(of key: String) -> Int? {
        var copy = key
        return copy.withUTF8 { indexOfBytes(UnsafeRawBufferPointer($0)) } ?? byKey[key]
    }

    // Forced, with the other four here; needed by: singleton by key, Benchmarks/README §Lookups.
    @inline(__always)
    private func indexOfBytes(_ given: UnsafeRawBufferPointer) -> Int? {
        let hash = Self.hash(given, seed: seed)
        return table.withUnsafeBufferPointer { table in
            bytes.withUnsafeBytes { stored in
                var slot = hash & mask
                while true {
                    let entry = table[slot]
                    if entry.value < 0 { return nil }
                    if entry.hash == hash, Int(entry.count) == given.count,
                       Self.equal(stored.baseAddress.map { $0 + Int(entry.start) }, given) {
                        return entry.value
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// Whether the `given.count` bytes at `stored` are `given`'s, compared a word at a time.
    // Forced, with the other four here; needed by: singleton by key, Benchmarks/README §Lookups.
    @inline(__always)
    private static func equal(_ stored: UnsafeRawPointer?, _ given: UnsafeRawBufferPointer) -> Bool {
        guard let stored, let base = given.baseAddress else { return given.isEmpty }
        let count = given.count
        var offset = 0
        while offset + 8 <= count {
            if stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != base.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        return offset == count || tail(stored, from: offset, to: count) == tail(base, from: offset, to: count)
    }

    /// A multiply-and-fold hash of `bytes`, eight at a time; the length is mixed in first.
    // Forced, with the other four here; needed by: singleton by key, Benchmarks/README §Lookups.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> Int {
        let count = bytes.count
        var hash = seed ^ (UInt64(count) &* 0x9E37_79B9_7F4A_7C15)
        if let base = bytes.baseAddress {
            var offset = 0
            while offset + 8 <= count {
                hash = (hash ^ base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                offset += 8
            }
            if offset < count {
                hash = (hash ^ tail(base, from: offset, to: count)) &* 0xC4CE_B9FE_1A85_EC53
            }
        }
        // The slot is taken from the low bits: a finishing mix (shift, multiply, shift) brings every byte
        // into them. A fold by 32 alone left most of a word's high bytes out of the slot, and after a whole
        // word cancelled the loop's own fold: `leaf1000`…`leaf9999` fell into runs hundreds of slots long.
        hash ^= hash >> 33
        hash = hash &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash)
    }

    /// The last 1 to 7 bytes, `base[offset ..< count]`, as one word: read with
    /// loads that cover every one of them, so equal words mean equal bytes.
    /// Every load stays inside the last 8-byte word, so that reading a small
    /// string just copied to the stack is forwarded from its stores.
    // Forced, with the other four here; needed by: singleton by key, Benchmarks/README §Lookups.
    @inline(__always)
    private static func tail(_ base: UnsafeRawPointer, from offset: Int, to count: Int) -> UInt64 {
        if count - offset >= 4 {
            return UInt64(base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                | UInt64(base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
        }
        return UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
            | UInt64(base.load(fromByteOffset: offset + (count - offset) / 2, as: UInt8.self)) << 8
            | UInt64(base.load(fromByteOffset: count - 1, as: UInt8.self)) << 16
    }
}
