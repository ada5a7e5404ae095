/// An open document's text, with LSP positions (zero-based lines, UTF-16
/// characters) converted to and from offsets into its UTF-8 bytes, and what
/// the text around a position means for completion.
struct TextDocument {
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let lineStarts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    /// The byte offset of an LSP position, clamped to the text.
    func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < lineStarts.count else { return bytes.count }
        let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        var offset = lineStarts[line]
        var units = 0
        while offset < end && units < character {
            let width = Self.scalarWidth(bytes[offset])
            units += width == 4 ? 2 : 1
            offset += width
        }
        return min(offset, end)
    }

    /// The LSP position of a 1-based line and a column counted in Unicode scalars.
    func position(line: Int, column: Int) -> (line: Int, character: Int) {
        let zeroLine = max(line - 1, 0)
        guard zeroLine < lineStarts.count else { return (zeroLine, 0) }
        var offset = lineStarts[zeroLine]
        var units = 0
        var scalars = 1
        while scalars < column && offset < bytes.count && bytes[offset] != 0x0A {
            let width = Self.scalarWidth(bytes[offset])
            units += width == 4 ? 2 : 1
            offset += width
            scalars += 1
        }
        return (zeroLine, units)
    }

    private static func scalarWidth(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
    }

    /// What the text before `offset` is in the middle of.
    enum Context: Equatable {
        /// A placeholder key after `${`, typed so far.
        case placeholderKey(prefix: String)
        /// An element name after `<`, inside `parent`.
        case elementName(parent: String?)
        /// An attribute name inside the start tag of `element`.
        case attributeName(element: String)
        /// The value of `attribute` on `element`, whose enclosing elements are `ancestors` (innermost last).
        case attributeValue(element: String, attribute: String, ancestors: [Tag])
        /// The text of a `<ref>`.
        case referenceText
        case none
    }

    /// An element open around a position, with its attributes as written.
    struct Tag: Equatable {
        var name: String
        var attributes: [String: String]
    }

    func context(at offset: Int) -> Context {
        let offset = min(max(offset, 0), bytes.count)
        if let key = placeholderPrefix(before: offset) { return .placeholderKey(prefix: key) }
        let (ancestors, openTag) = scan(upTo: offset)
        guard let tagStart = openTag else {
            return ancestors.last?.name == "ref" ? .referenceText : .none
        }
        let tag = Array(bytes[(tagStart + 1)..<offset])
        let nameEnd = tag.firstIndex(where: Self.isSpace) ?? tag.count
        let name = String(decoding: tag[..<nameEnd], as: UTF8.self)
        guard nameEnd < tag.count else { return .elementName(parent: ancestors.last?.name) }
        // Inside the tag: an odd number of quotes means a value is open.
        var quote: UInt8 = 0
        var valueStart = 0
        for (index, byte) in tag.enumerated() where byte == 0x22 || byte == 0x27 {
            if quote == 0 {
                quote = byte
                valueStart = index
            } else if quote == byte {
                quote = 0
            }
        }
        guard quote != 0 else { return .attributeName(element: name) }
        var nameEndIndex = valueStart - 1
        while nameEndIndex >= 0 && (tag[nameEndIndex] == 0x3D || Self.isSpace(tag[nameEndIndex])) { nameEndIndex -= 1 }
        var attributeStart = nameEndIndex
        while attributeStart >= 0 && !Self.isSpace(tag[attributeStart]) { attributeStart -= 1 }
        let attribute = nameEndIndex >= 0 ? String(decoding: tag[(attributeStart + 1)...nameEndIndex], as: UTF8.self) : ""
        return .attributeValue(element: name, attribute: attribute,
                               ancestors: ancestors + [Tag(name: name, attributes: Self.attributes(in: tag[nameEnd...]))])
    }

    /// The key typed after an unclosed `${` on the same line, if the cursor is in one.
    private func placeholderPrefix(before offset: Int) -> String? {
        var index = offset - 1
        while index >= 1 {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x7D || byte == 0x22 || byte == 0x3C || byte == 0x3E { return nil }  // newline } " < >
            if byte == 0x7B && bytes[index - 1] == 0x24 {  // ${
                return String(decoding: bytes[(index + 1)..<offset], as: UTF8.self)
            }
            index -= 1
        }
        return nil
    }

    /// The elements open at `offset`, outermost first, and the start of an
    /// unfinished start tag the offset is in. One pass; comments and
    /// declarations are skipped.
    private func scan(upTo offset: Int) -> (ancestors: [Tag], openTag: Int?) {
        var stack: [Tag] = []
        var index = 0
        while index < offset {
            guard bytes[index] == 0x3C else {
                index += 1
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            var end = index + 1
            var quote: UInt8 = 0
            while end < offset {
                let byte = bytes[end]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == 0x22 || byte == 0x27 {
                    quote = byte
                } else if byte == 0x3E {
                    break
                }
                end += 1
            }
            if end >= offset {
                // The offset is inside this tag, before its '>'.
                return next == 0x21 || next == 0x3F || next == 0x2F ? (stack, nil) : (stack, index)
            }
            let tag = bytes[(index + 1)..<end]
            switch next {
            case 0x2F:  // </name>
                if !stack.isEmpty { stack.removeLast() }
            case 0x21, 0x3F:  // comment, declaration, processing instruction
                break
            default:
                let nameEnd = tag.firstIndex(where: { Self.isSpace($0) || $0 == 0x2F }) ?? tag.endIndex
                if tag.last != 0x2F {
                    stack.append(Tag(name: String(decoding: tag[..<nameEnd], as: UTF8.self), attributes: Self.attributes(in: tag[nameEnd...])))
                }
            }
            index = end + 1
        }
        return (stack, nil)
    }

    /// `name="value"` pairs written in a tag.
    private static func attributes(in tag: some Collection<UInt8>) -> [String: String] {
        let text = String(decoding: tag, as: UTF8.self)
        var result: [String: String] = [:]
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? ""
            var valueStart = rest.index(after: equals)
            while valueStart < rest.endIndex && rest[valueStart].isWhitespace { valueStart = rest.index(after: valueStart) }
            guard valueStart < rest.endIndex, rest[valueStart] == "\"" || rest[valueStart] == "'" else { break }
            let quote = rest[valueStart]
            let contentStart = rest.index(after: valueStart)
            guard let close = rest[contentStart...].firstIndex(of: quote) else { break }
            result[name] = String(rest[contentStart..<close])
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The word (a key, a name or a placeholder) around `offset`, with its byte range.
    func word(at offset: Int) -> (text: String, range: Range<Int>)? {
        func isWordByte(_ byte: UInt8) -> Bool {
            !(isSpaceOrQuote(byte) || byte == 0x3C || byte == 0x3E || byte == 0x3D || byte == 0x2C)
        }
        func isSpaceOrQuote(_ byte: UInt8) -> Bool { Self.isSpace(byte) || byte == 0x22 || byte == 0x27 }
        var start = min(max(offset, 0), bytes.count)
        var end = start
        while start > 0 && isWordByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.count && isWordByte(bytes[end]) { end += 1 }
        guard start < end else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), start..<end)
    }

    /// The `${key}` whose text contains `offset`, if any.
    func placeholder(at offset: Int) -> String? {
        var open = min(offset, bytes.count - 1)
        while open >= 1 {
            if bytes[open] == 0x7D && open < offset { return nil }
            if bytes[open] == 0x7B && bytes[open - 1] == 0x24 { break }
            if bytes[open] == 0x0A || bytes[open] == 0x22 { return nil }
            open -= 1
        }
        guard open >= 1 else { return nil }
        guard let close = bytes[(open + 1)...].firstIndex(of: 0x7D), close >= offset else { return nil }
        let inner = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
        // A default after ':' is not part of the key.
        return inner.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }

    /// In a `.properties` file, the key of the line around `offset` when
    /// `offset` is within the key (or just after it, as one types): the text
    /// from the line's first non-blank byte to the first `=`, `:` or blank
    /// that no backslash escapes. Nil in a comment, a value, or a line that
    /// continues the one before. An empty key being typed is "".
    func propertyKey(at offset: Int) -> String? {
        let offset = min(max(offset, 0), bytes.count)
        var lineStart = offset
        while lineStart > 0 && bytes[lineStart - 1] != 0x0A && bytes[lineStart - 1] != 0x0D { lineStart -= 1 }
        // A line whose predecessor ends in an odd run of backslashes continues that line's value.
        if lineStart > 0 {
            var end = lineStart - 1
            if bytes[end] == 0x0A && end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
            var backslashes = 0
            while end > 0 && bytes[end - 1] == 0x5C { backslashes += 1; end -= 1 }
            if backslashes % 2 == 1 { return nil }
        }
        var start = lineStart
        while start < bytes.count && (bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0C) { start += 1 }
        if start < bytes.count && (bytes[start] == 0x23 || bytes[start] == 0x21) { return nil }
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x5C { end += 2; continue }
            if byte == 0x3D || byte == 0x3A || byte == 0x20 || byte == 0x09 || byte == 0x0C || byte == 0x0A || byte == 0x0D { break }
            end += 1
        }
        end = min(end, bytes.count)
        guard offset >= start && offset <= end else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
