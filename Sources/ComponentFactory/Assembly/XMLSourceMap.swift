/// Exact positions in an XML file's bytes, for diagnostics.
///
/// libxml2 gives an element only the line where its start tag ends, and no
/// column. Every element corresponds, in document order, to the next start
/// tag in the bytes, so one forward scan finds each element's `<`; an
/// attribute's position is found by reading that one tag.
struct XMLSourceMap {
    let file: String
    private let bytes: [UInt8]
    private let lineStarts: [Int]
    private var cursor = 0

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
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

    /// Where the attribute `name` of the start tag at `tagStart` begins.
    func attributeOffset(_ name: String, inTagAt tagStart: Int) -> Int? {
        let wanted = Array(name.utf8)
        var index = tagStart + 1
        while index < bytes.count && !isSpace(bytes[index]) && bytes[index] != 0x3E && bytes[index] != 0x2F { index += 1 }
        while index < bytes.count {
            while index < bytes.count && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] != 0x3E, bytes[index] != 0x2F else { return nil }
            let nameStart = index
            while index < bytes.count && !isSpace(bytes[index]) && bytes[index] != 0x3D { index += 1 }
            let found = bytes[nameStart..<index]
            if found.elementsEqual(wanted) || found.split(separator: 0x3A).last?.elementsEqual(wanted) == true {
                return nameStart
            }
            while index < bytes.count && bytes[index] != 0x22 && bytes[index] != 0x27 { index += 1 }
            guard index < bytes.count else { return nil }
            let quote = bytes[index]
            index += 1
            while index < bytes.count && bytes[index] != quote { index += 1 }
            index += 1
        }
        return nil
    }

    /// The location of `offset`; the column counts Unicode scalars.
    func location(ofOffset offset: Int) -> SourceLocation {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for index in lineStarts[low]..<min(offset, bytes.count) where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return SourceLocation(file: file, line: low + 1, column: column)
    }

    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private func matches(_ text: String, at offset: Int) -> Bool {
        let pattern = Array(text.utf8)
        return offset + pattern.count <= bytes.count && bytes[offset..<(offset + pattern.count)].elementsEqual(pattern)
    }

    /// The offset just past the next `terminator`, or the end of the bytes.
    private func end(of terminator: String, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            if matches(terminator, at: index) { return index + terminator.utf8.count }
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
