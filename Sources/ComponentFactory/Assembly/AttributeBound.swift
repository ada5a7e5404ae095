#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Refuses an element with too many attributes before libxml2 sees it:
/// libxml2 2.9 checks an element's attributes for duplicates pairwise, so
/// 300,000 attributes on one element take about a minute.
///
/// One pass finds each start tag with `memchr`; only a tag long enough to
/// hold more than ``maximumAttributes`` attributes is counted, byte by byte,
/// with quotes respected. Comments, CDATA sections and processing
/// instructions are skipped.
///
/// ```swift
/// AttributeBound.firstElementOverLimit(in: Array("<a x='1'/>".utf8))  // nil
/// ```
enum AttributeBound {
    /// The most attributes one element may have; the grammar needs fewer than twenty.
    static let maximumAttributes = 128

    /// The shortest text that holds that many attributes: ` a=""` is five bytes.
    private static let shortestCrowdedTag = maximumAttributes * 5

    /// The first start tag with more than ``maximumAttributes`` attributes, with its line.
    static func firstElementOverLimit(in bytes: [UInt8]) -> (offset: Int, line: Int)? {
        bytes.withUnsafeBufferPointer { buffer -> (offset: Int, line: Int)? in
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            var index = 0
            while index < count, let found = memchr(base + index, 0x3C, count - index) {  // '<'
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let next = start + 1 < count ? buffer[start + 1] : 0
                switch next {
                case 0x21:  // '!': a comment, a CDATA section or a declaration
                    if matches("<!--", at: start, in: buffer) {
                        index = end(of: "-->", from: start + 4, in: buffer)
                    } else if matches("<![CDATA[", at: start, in: buffer) {
                        index = end(of: "]]>", from: start + 9, in: buffer)
                    } else {
                        index = start + 2
                    }
                case 0x3F:  // '?': a processing instruction
                    index = end(of: "?>", from: start + 2, in: buffer)
                case 0x2F:  // '/': an end tag
                    index = start + 2
                default:
                    let close = memchr(base + start, 0x3E, count - start).map {  // '>'
                        base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                    } ?? count
                    // A '>' inside a quoted value ends this guess early; a crowded tag is longer still.
                    if close - start > shortestCrowdedTag || close == count {
                        let (attributes, tagEnd) = countAttributes(from: start, in: buffer)
                        if attributes > maximumAttributes { return (start, line(of: start, in: buffer)) }
                        index = tagEnd
                    } else {
                        index = close + 1
                    }
                }
            }
            return nil
        }
    }

    /// The `=` signs outside quotes in the tag at `start`, and where it ends.
    private static func countAttributes(from start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (count: Int, end: Int) {
        var quote: UInt8 = 0
        var attributes = 0
        var index = start + 1
        while index < buffer.count {
            let byte = buffer[index]
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            } else if byte == 0x3D {
                attributes += 1
            } else if byte == 0x3E || byte == 0x3C {
                return (attributes, index + 1)
            }
            index += 1
        }
        return (attributes, index)
    }

    private static func matches(_ text: StaticString, at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = text.utf8CodeUnitCount
        guard offset + length <= buffer.count, let base = buffer.baseAddress else { return false }
        return memcmp(base + offset, text.utf8Start, length) == 0
    }

    /// Just past the next `terminator` from `offset`, or the end.
    private static func end(of terminator: StaticString, from offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return buffer.count }
        let first = Int32(terminator.utf8Start.pointee)
        var index = offset
        while index < buffer.count, let found = memchr(base + index, first, buffer.count - index) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if matches(terminator, at: at, in: buffer) { return at + terminator.utf8CodeUnitCount }
            index = at + 1
        }
        return buffer.count
    }

    private static func line(of offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        var line = 1
        for index in 0..<offset where buffer[index] == 0x0A { line += 1 }
        return line
    }
}
