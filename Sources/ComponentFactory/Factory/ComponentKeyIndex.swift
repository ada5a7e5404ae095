import Foundation

/// Finds a component's index by its key, for lookups while resolving.
///
/// An open-addressing table over the keys' UTF-8 bytes, hashed eight bytes
/// at a time with a seed drawn per table: looking up a short key costs a
/// few multiplications and one comparison, not a full SipHash. Keys that
/// differ in bytes but are canonically equivalent Swift strings (a
/// precomposed `é` and `e` with a combining accent) miss here, and are
/// found by the dictionary the table falls back to, so a lookup means what
/// `String` equality means.
///
/// A class, so that a lookup reads its arrays in place rather than copying
/// (and retaining) all of them.
final class ComponentKeyIndex: Sendable {
    private let slots: [Int32]
    private let hashes: [Int]
    /// The keys' bytes, one after another; key `position` is
    /// `bytes[starts[position] ..< starts[position + 1]]`.
    private let bytes: [UInt8]
    private let starts: [Int]
    private let values: [Int]
    private let mask: Int
    private let seed: UInt64
    /// Every key, for lookups that miss the byte table and for listing.
    let byKey: [String: Int]

    /// Indexes `keys`: `byKey[key]` is the component index of each.
    init(_ byKey: [String: Int]) {
        self.byKey = byKey
        var capacity = 16
        while capacity < byKey.count * 2 { capacity <<= 1 }
        mask = capacity - 1
        let seed = UInt64.random(in: .min ... .max)
        self.seed = seed
        var slots = [Int32](repeating: -1, count: capacity)
        var hashes: [Int] = []
        var bytes: [UInt8] = []
        var starts = [0]
        for (position, key) in byKey.keys.enumerated() {
            var key = key
            let hash = key.withUTF8 { utf8 in
                bytes.append(contentsOf: utf8)
                return Self.hash(utf8, seed: seed)
            }
            hashes.append(hash)
            starts.append(bytes.count)
            var slot = hash & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: position)
        }
        self.slots = slots
        self.hashes = hashes
        self.bytes = bytes
        self.starts = starts
        self.values = Array(byKey.values)
    }

    /// The index of the component with `key`, if there is one.
    func index(of key: String) -> Int? {
        // A native or small string lends its bytes in place; only a foreign one is copied.
        let found = key.utf8.withContiguousStorageIfAvailable(indexOfBytes) ?? {
            var copy = key
            return copy.withUTF8(indexOfBytes)
        }()
        return found ?? byKey[key]
    }

    private func indexOfBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let hash = Self.hash(bytes, seed: seed)
        var slot = hash & mask
        while true {
            let position = Int(slots[slot])
            if position < 0 { return nil }
            if hashes[position] == hash, isKey(position, bytes) {
                return values[position]
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether key `position` has exactly `utf8`'s bytes.
    private func isKey(_ position: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[position]
        guard starts[position + 1] - start == utf8.count else { return false }
        guard let given = utf8.baseAddress, !utf8.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { stored in
            stored.baseAddress.map { memcmp($0 + start, given, utf8.count) == 0 } ?? false
        }
    }

    /// A multiply-and-fold hash of `bytes`, eight at a time.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> Int {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while offset + 8 <= bytes.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                offset += 8
            }
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash)
    }
}
