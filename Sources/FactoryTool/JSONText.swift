import JavaProperties
import SystemSupport

/// Writes JSON by hand, so that key order and spacing are exactly those that
/// the Diagnostics article documents.
@_spi(Tooling)
public enum JSONText {
    /// A JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: quotedLength(bytes)) { buffer in
                var writer = ByteWriter(buffer: buffer)
                writer.putQuoted(bytes)
                return writer.count
            }
        }
    }

    /// Appends `text` as a JSON string literal to `output`.
    public static func appendQuoted(_ text: String, to output: inout String) {
        output += quoted(text)
    }

    /// `{"key":"value",…}` with the listing's pairs in its order, then
    /// `trailer`, as UTF-8 bytes. Written straight from the listing's bytes
    /// into the result, measured first, with no string per key or value.
    public static func object(_ listing: PropertyListing, trailer: String = "") -> [UInt8] {
        var length = 2 + max(listing.count - 1, 0) + trailer.utf8.count
        listing.forEachPair { key, value in length += quotedLength(key) + 1 + quotedLength(value) }
        return [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            var writer = ByteWriter(buffer: buffer)
            writer.put(0x7B)  // {
            var isFirst = true
            listing.forEachPair { key, value in
                if !isFirst { writer.put(0x2C) }  // ,
                isFirst = false
                writer.putQuoted(key)
                writer.put(0x3A)  // :
                writer.putQuoted(value)
            }
            writer.put(0x7D)  // }
            for byte in trailer.utf8 { writer.put(byte) }
            count = writer.count
        }
    }

    /// The bytes of `bytes` as a JSON string literal, quotes included.
    private static func quotedLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var length = 2 + bytes.count
        var index = nextMayEscape(in: bytes, from: 0)
        while index < bytes.count {
            length += extraLength(at: index, in: bytes)
            index = nextMayEscape(in: bytes, from: index + 1)
        }
        return length
    }

    /// The index of the first byte at or after `start` that ``mayEscape``,
    /// or the count: eight bytes at a time while none of them may.
    fileprivate static func nextMayEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // Any byte below 0x20, or equal to one of the other six.
                if (word &- ones &* 0x20) & ~word & highs != 0 || hasZeroByte(word ^ (ones &* 0x22))
                    || hasZeroByte(word ^ (ones &* 0x5C)) || hasZeroByte(word ^ (ones &* 0x7F))
                    || hasZeroByte(word ^ (ones &* 0xA8)) || hasZeroByte(word ^ (ones &* 0xA9))
                    || hasZeroByte(word ^ (ones &* 0xBF)) {
                    break
                }
                index += 8
            }
        }
        while index < bytes.count && !mayEscape(bytes[index]) { index += 1 }
        return index
    }

    /// Whether `byte` may need an escape: a control character, a quote, a
    /// backslash, or the last byte of U+2028, U+2029 or U+FEFF (which some
    /// parsers drop or mangle raw).
    fileprivate static func mayEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xA8 || byte == 0xA9 || byte == 0xBF
    }

    /// The bytes an escape of the byte at `index` adds beyond the byte itself.
    fileprivate static func extraLength(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        switch bytes[index] {
        case 0x22, 0x5C, 0x0A, 0x0D, 0x09: 1
        case 0x00...0x1F, 0x7F: 5
        default: wideScalar(endingAt: index, in: bytes) == nil ? 0 : 6 - 3
        }
    }

    /// U+2028, U+2029 or U+FEFF when the three bytes ending at `index` are one of them.
    fileprivate static func wideScalar(endingAt index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard index >= 2 else { return nil }
        switch (bytes[index - 2], bytes[index - 1], bytes[index]) {
        case (0xE2, 0x80, 0xA8): return 0x2028
        case (0xE2, 0x80, 0xA9): return 0x2029
        case (0xEF, 0xBB, 0xBF): return 0xFEFF
        default: return nil
        }
    }
}

/// Writes JSON bytes into a buffer measured for them.
private struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func put(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    /// `bytes` as a string literal: runs that need no escape are copied
    /// whole. An escaped U+2028, U+2029 or U+FEFF takes back its first two
    /// bytes, already copied, and writes its `\uXXXX`.
    mutating func putQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        put(0x22)
        var copied = 0
        var next = JSONText.nextMayEscape(in: bytes, from: 0)
        while next < bytes.count {
            let index = next
            next = JSONText.nextMayEscape(in: bytes, from: index + 1)
            let byte = bytes[index]
            let wide = byte >= 0xA8 ? JSONText.wideScalar(endingAt: index, in: bytes) : nil
            if byte >= 0xA8 && wide == nil { continue }
            copy(bytes, from: copied, to: wide == nil ? index : index - 2)
            copied = index + 1
            switch byte {
            case 0x22: put(0x5C); put(0x22)
            case 0x5C: put(0x5C); put(0x5C)
            case 0x0A: put(0x5C); put(0x6E)
            case 0x0D: put(0x5C); put(0x72)
            case 0x09: put(0x5C); put(0x74)
            default: putUnicodeEscape(wide ?? UInt32(byte))
            }
        }
        copy(bytes, from: copied, to: bytes.count)
        put(0x22)
    }

    private mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        guard start < end, let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
        (target + count).update(from: source + start, count: end - start)
        count += end - start
    }

    private mutating func putUnicodeEscape(_ value: UInt32) {
        put(0x5C)
        put(0x75)  // \u
        for shift in stride(from: 12, through: 0, by: -4) {
            let digit = UInt8((value >> UInt32(shift)) & 0xF)
            put(digit < 10 ? 0x30 + digit : 0x57 + digit)  // 0-9, a-f
        }
    }
}
