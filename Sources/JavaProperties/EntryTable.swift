#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemSupport

/// Every assignment of a document as bytes: one buffer holding each key's
/// unescaped UTF-8 followed by its value's, and one span per assignment.
///
/// No `String` is made while reading: a 50 MB file has three quarters of a
/// million assignments, and two heap strings each were most of the cost of
/// loading and listing it. Strings are made when someone asks for one.
struct EntryTable: Sendable, Hashable {
    /// Where one assignment's key and value lie in ``text``: the key at
    /// `keyStart`, the value right after it.
    struct Span: Sendable, Hashable {
        var keyStart: Int
        var keyCount: Int
        var valueCount: Int
        var line: Int

        var valueStart: Int { keyStart + keyCount }
    }

    private(set) var text: [UInt8] = []
    private(set) var spans: [Span] = []
    /// The hash of each assignment's key bytes, taken once.
    private(set) var keyHashes: [Int] = []

    var count: Int { spans.count }

    init() {}

    init(entries: [PropertyEntry]) {
        spans.reserveCapacity(entries.count)
        keyHashes.reserveCapacity(entries.count)
        for entry in entries {
            let keyStart = end
            text.append(contentsOf: entry.key.utf8)
            let keyCount = end - keyStart
            text.append(contentsOf: entry.value.utf8)
            append(keyStart: keyStart, keyCount: keyCount, line: entry.line)
        }
    }

    /// Room for `bytes` of keys and values and for `entries` assignments.
    mutating func reserveCapacity(bytes: Int, entries: Int) {
        text.reserveCapacity(bytes)
        spans.reserveCapacity(entries)
        keyHashes.reserveCapacity(entries)
        Self.adviseHugePages(&text)
        Self.adviseHugePages(&spans)
    }

    /// Advises the reserved, still untouched room of `array` for huge pages.
    private static func adviseHugePages<Element>(_ array: inout [Element]) {
        let capacity = array.capacity
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            HugePages.advise(UnsafeMutableRawBufferPointer(start: base, count: capacity * MemoryLayout<Element>.stride))
        }
    }

    /// Appends every assignment of `other`, whose lines are counted from
    /// `lineOffset` lines further down.
    mutating func append(contentsOf other: EntryTable, lineOffset: Int) {
        let shift = text.count
        text.append(contentsOf: other.text)
        spans.append(contentsOf: other.spans.lazy.map {
            Span(keyStart: $0.keyStart + shift, keyCount: $0.keyCount, valueCount: $0.valueCount, line: $0.line + lineOffset)
        })
        keyHashes.append(contentsOf: other.keyHashes)
    }

    /// Appends unescaped bytes of the assignment being read.
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        text.append(contentsOf: bytes)
    }

    mutating func appendByte(_ byte: UInt8) {
        text.append(byte)
    }

    /// Where the next byte appended will go.
    var end: Int { text.count }

    /// Closes the assignment whose key starts at `keyStart` and is
    /// `keyCount` bytes long; its value is every byte appended after the key.
    mutating func append(keyStart: Int, keyCount: Int, line: Int) {
        let span = Span(keyStart: keyStart, keyCount: keyCount, valueCount: text.count - keyStart - keyCount, line: line)
        spans.append(span)
        keyHashes.append(withBytes { Self.hash($0.key(span)) })
    }

    /// The text, lent to read spans from.
    struct Bytes {
        let text: UnsafeBufferPointer<UInt8>

        func key(_ span: Span) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[span.keyStart..<span.valueStart])
        }

        func value(_ span: Span) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[span.valueStart..<(span.valueStart + span.valueCount)])
        }
    }

    func withBytes<Result>(_ body: (Bytes) -> Result) -> Result {
        text.withUnsafeBufferPointer { body(Bytes(text: $0)) }
    }

    func entry(at position: Int) -> PropertyEntry {
        let span = spans[position]
        return withBytes { bytes in
            PropertyEntry(key: String(decoding: bytes.key(span), as: UTF8.self),
                          value: String(decoding: bytes.value(span), as: UTF8.self), line: span.line)
        }
    }

    /// The value and line of the entry at `position`: its key's string is not made.
    func valueAndLine(at position: Int) -> (value: String, line: Int) {
        let span = spans[position]
        return withBytes { bytes in (String(decoding: bytes.value(span), as: UTF8.self), span.line) }
    }

    /// Whether the key at `position` has exactly the bytes of `key`.
    func key(at position: Int, equals key: UnsafeBufferPointer<UInt8>) -> Bool {
        withBytes { Self.same($0.key(spans[position]), key) }
    }

    /// Whether the assignments at `a` and `b` have the same key bytes.
    func sameKey(_ a: Int, _ b: Int) -> Bool {
        withBytes { Self.same($0.key(spans[a]), $0.key(spans[b])) }
    }

    private static func same(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
    }

    /// The last assignment of each key, ordered by key: what a listing shows.
    func listingOrder(_ index: KeyIndex) -> [Int] {
        sortedByKey(index.lastPositions(count: count))
    }

    /// `positions` ordered by their keys' bytes, which is the order of the
    /// keys' Unicode scalars. A long list is sorted in two halves at once,
    /// on two threads, and the halves merged.
    func sortedByKey(_ positions: [Int]) -> [Int] {
        guard positions.count >= Self.splitSortThreshold else { return sortedSerially(positions) }
        let middle = positions.count / 2
        let table = self
        let secondHalf = Array(positions[middle...])
        let second = BackgroundWork { table.sortedSerially(secondHalf) }
        let first = sortedSerially(Array(positions[..<middle]))
        return merged(first, second.wait())
    }

    /// Lists this long are sorted in two halves at once.
    static let splitSortThreshold = 1 << 16

    private func sortedSerially(_ positions: [Int]) -> [Int] {
        var order = positions
        withBytes { bytes in
            spans.withUnsafeBufferPointer { spans in
                order.sort { Self.precedes(bytes.key(spans[$0]), bytes.key(spans[$1])) }
            }
        }
        return order
    }

    /// Two sorted lists as one sorted list; of equal keys, the first list's come first.
    private func merged(_ first: [Int], _ second: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(first.count + second.count)
        withBytes { bytes in
            spans.withUnsafeBufferPointer { spans in
                var (left, right) = (0, 0)
                while left < first.count && right < second.count {
                    if Self.precedes(bytes.key(spans[second[right]]), bytes.key(spans[first[left]])) {
                        result.append(second[right])
                        right += 1
                    } else {
                        result.append(first[left])
                        left += 1
                    }
                }
                result += first[left...]
                result += second[right...]
            }
        }
        return result
    }

    /// Whether key `a` sorts before key `b`: byte by byte, a prefix first.
    private static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let x = a.baseAddress, let y = b.baseAddress else { return a.count < b.count }
        let common = memcmp(x, y, min(a.count, b.count))
        return common != 0 ? common < 0 : a.count < b.count
    }

    /// Two tables are equal when they hold the same assignments, with the
    /// same lines, wherever the bytes lie.
    static func == (a: EntryTable, b: EntryTable) -> Bool {
        guard a.count == b.count else { return false }
        return a.withBytes { x in
            b.withBytes { y in
                zip(a.spans, b.spans).allSatisfy { left, right in
                    left.line == right.line && same(x.key(left), y.key(right)) && same(x.value(left), y.value(right))
                }
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        withBytes { bytes in
            for span in spans {
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes.key(span)))
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes.value(span)))
                hasher.combine(span.line)
            }
        }
    }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}
