#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Exact positions in an XML file's bytes, for diagnostics.
///
/// libxml2 gives an element only the line where its start tag ends, and no
/// column. Every element corresponds, in document order, to the next start
/// tag in the bytes, so one forward scan finds each element's `<`; an
/// attribute's position is found by reading that one tag.
struct XMLSourceMap {
    let file: String
    private let bytes: [UInt8]
    private var cursor = 0
    /// Where the last location query ended: its offset, line and column.
    /// The walk asks in document order, so each query scans only forward.
    private var position = (offset: 0, line: 1, column: 1)

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    /// The offset of the next start tag's `<`, skipping end tags, comments,
    /// CDATA sections, processing instructions and the document type.
    mutating func nextStartTag() -> Int? {
        while let open = firstIndex(of: 0x3C, from: cursor) {  // '<'
            let next = open + 1 < bytes.count ? bytes[open + 1] : 0
            switch next {
            case 0x21:  // '!': comment, CDATA or DOCTYPE
                if matches("<!--", at: open) {
                    cursor = end(of: "-->", from: open + 4)
                } else if matches("<![CDATA[", at: open) {
                    cursor = end(of: "]]>", from: open + 9)
                } else {
                    cursor = endOfDeclaration(from: open + 2)
                }
            case 0x3F:  // '?'
                cursor = end(of: "?>", from: open + 2)
            case 0x2F:  // '/'
                cursor = open + 2
            default:
                cursor = open + 1
                return open
            }
        }
        return nil
    }

    /// The offsets of the attribute names of the start tag at `tagStart`, in
    /// the order written, leaving out namespace declarations (`xmlns`,
    /// `xmlns:p`), which libxml2 keeps apart from attributes. libxml2 lists
    /// the attributes in the same order, so the two pair up one to one.
    /// Written into `offsets`, which is emptied first and reused across calls.
    func attributeOffsets(inTagAt tagStart: Int, into offsets: inout [Int]) {
        offsets.removeAll(keepingCapacity: true)
        var index = tagStart + 1
        while index < bytes.count && !isSpace(bytes[index]) && bytes[index] != 0x3E && bytes[index] != 0x2F { index += 1 }
        while index < bytes.count {
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != 0x3E, bytes[index] != 0x2F else { return }
            let nameStart = index
            while index < bytes.count && !isSpace(bytes[index]) && bytes[index] != 0x3D { index += 1 }
            if !isNamespaceDeclaration(nameStart..<index) { offsets.append(nameStart) }
            while index < bytes.count && bytes[index] != 0x22 && bytes[index] != 0x27 { index += 1 }
            guard index < bytes.count else { return }
            let quote = bytes[index]
            index += 1
            index = (firstIndex(of: quote, from: index) ?? bytes.count) + 1
        }
    }

    /// `xmlns` or `xmlns:prefix`.
    private func isNamespaceDeclaration(_ name: Range<Int>) -> Bool {
        guard name.count >= 5 else { return false }
        let start = name.lowerBound
        let isXMLNS = bytes[start] == 0x78 && bytes[start + 1] == 0x6D && bytes[start + 2] == 0x6C
            && bytes[start + 3] == 0x6E && bytes[start + 4] == 0x73  // "xmlns"
        return isXMLNS && (name.count == 5 || bytes[start + 5] == 0x3A)
    }

    /// The location of `offset`; the column counts Unicode scalars. Cheap
    /// for offsets that only grow; an earlier offset rescans from the start.
    mutating func location(ofOffset offset: Int) -> SourceLocation {
        let target = min(max(offset, 0), bytes.count)
        if target < position.offset { position = (0, 1, 1) }
        var (index, line, column) = position
        while let lineFeed = firstIndex(of: 0x0A, from: index), lineFeed < target {
            line += 1
            column = 1
            index = lineFeed + 1
        }
        for byte in bytes[index..<target] where byte & 0xC0 != 0x80 { column += 1 }
        position = (target, line, column)
        return SourceLocation(file: file, line: line, column: column)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// Whether `pattern`'s bytes are at `offset`; allocates nothing, since it runs at each byte of a comment.
    private func matches(_ pattern: StaticString, at offset: Int) -> Bool {
        pattern.withUTF8Buffer { pattern in
            offset + pattern.count <= bytes.count && bytes[offset..<(offset + pattern.count)].elementsEqual(pattern)
        }
    }

    /// The offset just past the next `terminator`, or the end of the bytes.
    private func end(of terminator: StaticString, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if matches(terminator, at: index) { return index + terminator.utf8CodeUnitCount }
            index += 1
        }
        return bytes.count
    }

    /// The offset past a `<!DOCTYPE …>`, internal subset in brackets included.
    private func endOfDeclaration(from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x5B: depth += 1
            case 0x5D: depth -= 1
            case 0x3E where depth <= 0: return index + 1
            default: break
            }
            index += 1
        }
        return bytes.count
    }
}
