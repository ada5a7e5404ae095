#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SystemSupport

/// Reads `.properties` text exactly as `java.util.Properties.load(Reader)`
/// reads it through a strict UTF-8 decoder.
///
/// The rules, all Java's: `\n`, `\r` and `\r\n` end lines; `#` or `!` as the
/// first non-blank character starts a comment; an odd run of backslashes at
/// the end of a line joins the next line without its leading blanks; a key
/// ends at the first unescaped `=`, `:`, space, tab or form feed; escapes are
/// `\t \n \r \f \uXXXX`, and a backslash before any other character is
/// dropped. Invalid UTF-8 and a malformed `\u` throw ``PropertiesError``
/// with line and column.
///
/// A text of 4 MiB or more is read in two parts at once, on two threads,
/// with the result of one pass (see ``read(bytes:file:)``).
///
/// ```swift
/// let document = try PropertiesReader.read(text: "greeting = hello \\\n    world\n", file: "app.properties")
/// document["greeting"]  // "hello world"
/// ```
public enum PropertiesReader {
    /// The largest `.properties` file read: 256 MiB. A larger one, or one
    /// that is not a regular file (a FIFO, a device), is `unreadable` before
    /// anything is read.
    public static let maximumSize = 256 << 20

    /// Reads the file at `path`, which must be a regular file of at most
    /// ``maximumSize`` bytes. The path is also the document's name in diagnostics.
    public static func read(contentsOfFile path: String) throws(PropertiesError) -> PropertiesDocument {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, maximumSize: maximumSize)
        } catch {
            throw PropertiesError(kind: .unreadable, file: path, line: 0, column: 0, message: "cannot read file: \(error.reason)")
        }
        return try read(bytes: bytes, file: path)
    }

    /// Reads text that is already in memory.
    public static func read(text: String, file: String) throws(PropertiesError) -> PropertiesDocument {
        try read(bytes: Array(text.utf8), file: file)
    }

    /// Reads UTF-8 bytes. Four MiB or more are read in two parts at once,
    /// on two threads; the document, or the error and its line, is the one
    /// that a single pass gives.
    public static func read(bytes: [UInt8], file: String) throws(PropertiesError) -> PropertiesDocument {
        try read(bytes: bytes, file: file, splittingFrom: splitThreshold)
    }

    /// Texts this long are read in two parts at once, on two threads: logical
    /// lines are independent, so the second part starts at a line that no
    /// continuation reaches, and its assignments follow the first part's.
    static let splitThreshold = 4 << 20

    /// Reads `bytes`, in two parts when there are at least `threshold` of them.
    static func read(bytes: [UInt8], file: String, splittingFrom threshold: Int) throws(PropertiesError) -> PropertiesDocument {
        guard bytes.count >= threshold, let split = splitPoint(in: bytes) else {
            return PropertiesDocument(file: file, table: try parse(bytes, 0..<bytes.count, file: file).table)
        }
        let second = BackgroundWork { Result { () throws(PropertiesError) in try parse(bytes, split..<bytes.count, file: file) } }
        let first = Result { () throws(PropertiesError) in try parse(bytes, 0..<split, file: file, reserving: bytes.count) }
        let rest = second.wait()
        // Read in one part, the whole text's UTF-8 is checked before any
        // escape: a byte that is not UTF-8 anywhere wins over a bad escape.
        switch (first, rest) {
        case (.failure(let error), _) where error.kind == .invalidUTF8:
            throw error
        case (.failure, .failure(var later)) where later.kind == .invalidUTF8:
            // The first part stopped early, so its own count of lines is short: count them up to the split.
            later.line += bytes.withUnsafeBufferPointer { SourcePosition(offset: split, in: $0).line } - 1
            throw later
        case (.failure(let error), _):
            throw error
        case (.success(let (_, lines)), .failure(var error)):
            error.line += lines
            throw error
        case (.success(let (table, lines)), .success(let (more, _))):
            var whole = table
            whole.append(contentsOf: more, lineOffset: lines)
            return PropertiesDocument(file: file, table: whole)
        }
    }

    /// The assignments of `range` of `bytes`, which starts a logical line,
    /// with the number of lines it spans; `reserving` is room to make for
    /// the text, more than the range needs when more will be appended.
    private static func parse(_ bytes: [UInt8], _ range: Range<Int>, file: String, reserving: Int? = nil)
        throws(PropertiesError) -> (table: EntryTable, lines: Int) {
        let result: Result<(table: EntryTable, lines: Int), PropertiesError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = LogicalLineParser(source: UnsafeBufferPointer(rebasing: buffer[range]), file: file)
            return Result { () throws(PropertiesError) in
                try parser.parse(reserving: reserving ?? range.count)
                return (parser.table, parser.linesRead)
            }
        }
        return try result.get()
    }

    /// Where a second part can start, near the middle: just after a `\n`
    /// whose line ends in an even run of backslashes (none included), so
    /// that no continuation crosses it and the next byte starts a logical
    /// line. Nil when there is no such place after the middle.
    static func splitPoint(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var index = buffer.count / 2
            while index < buffer.count, let found = memchr(base + index, 0x0A, buffer.count - index) {
                let lineFeed = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var end = lineFeed
                if end > 0 && buffer[end - 1] == 0x0D { end -= 1 }
                var run = 0
                while end - run > 0 && buffer[end - run - 1] == 0x5C { run += 1 }
                if run % 2 == 0 && lineFeed + 1 < buffer.count { return lineFeed + 1 }
                index = lineFeed + 1
            }
            return nil
        }
    }
}

/// The state machine of Java's `Properties.LineReader`, `load0` and
/// `loadConvert`, over bytes. Every character that the grammar cares about is
/// ASCII, and no byte of a multi-byte UTF-8 sequence is ASCII, so working on
/// bytes gives the same result as Java's work on UTF-16 units.
private struct LogicalLineParser {
    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let space: UInt8 = 0x20
    private static let tab: UInt8 = 0x09
    private static let formFeed: UInt8 = 0x0C
    private static let backslash: UInt8 = 0x5C

    let source: UnsafeBufferPointer<UInt8>
    let file: String
    private var offset = 0
    private var line = 1
    /// The source ranges that make up the current logical line.
    private var segments: [Range<Int>] = []
    private var joined: [UInt8] = []
    /// What the parse produced: each assignment's key and value bytes.
    private(set) var table = EntryTable()

    init(source: UnsafeBufferPointer<UInt8>, file: String) {
        self.source = source
        self.file = file
    }

    /// The lines read so far, the last one counted only when it ended.
    var linesRead: Int { line - 1 }

    /// Reads every assignment, making room in the table for `reserving` bytes of text.
    mutating func parse(reserving: Int) throws(PropertiesError) {
        if let bad = UTF8Validator.firstInvalidOffset(in: source) {
            let position = SourcePosition(offset: bad, in: source)
            throw PropertiesError(
                kind: .invalidUTF8, file: file, line: position.line, column: position.column,
                message: "invalid UTF-8 byte 0x\(String(source[bad], radix: 16, uppercase: true))")
        }
        // Unescaped text is never longer than the source; a rough guess of
        // one assignment per 64 bytes saves most regrowth of the spans.
        table.reserveCapacity(bytes: reserving, entries: reserving / 64)
        while let entryLine = nextLogicalLine() {
            try readEntry(line: entryLine)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == formFeed
    }

    private static func isLineEnd(_ byte: UInt8) -> Bool {
        byte == lineFeed || byte == carriageReturn
    }

    /// Counts a line end at `index`: a `\r`, or a `\n` that no `\r` precedes.
    private mutating func countLineEnd(at index: Int) {
        if source[index] == Self.carriageReturn || index == 0 || source[index - 1] != Self.carriageReturn {
            line += 1
        }
    }

    /// Collects the next logical line into `segments` and returns the line
    /// where it starts, or nil at the end of the text.
    private mutating func nextLogicalLine() -> Int? {
        segments.removeAll(keepingCapacity: true)
        var startLine = line
        var skipBlanks = true
        var appendedLineBegin = false
        var precedingBackslash = false
        let count = source.count
        while true {
            guard offset < count else {
                if segments.isEmpty { return nil }
                // Java still returns a line when only the continuation
                // backslash was on it: an empty key with an empty value.
                if precedingBackslash { dropLastByte() }
                return startLine
            }
            let byte = source[offset]
            if skipBlanks {
                if Self.isBlank(byte) {
                    offset += 1
                    continue
                }
                if !appendedLineBegin && Self.isLineEnd(byte) {
                    countLineEnd(at: offset)
                    offset += 1
                    continue
                }
                skipBlanks = false
                appendedLineBegin = false
            }
            if segments.isEmpty && (byte == 0x23 || byte == 0x21) {  // '#' or '!'
                while offset < count && !Self.isLineEnd(source[offset]) { offset += 1 }
                guard offset < count else { return nil }
                countLineEnd(at: offset)
                offset += 1
                skipBlanks = true
                continue
            }
            if !Self.isLineEnd(byte) {
                if segments.isEmpty { startLine = line }
                let start = offset
                offset = lineEnd(from: offset)
                // Java flips a flag at every backslash and clears it at any
                // other character, so only the run just before the line end
                // counts: an odd run continues the line.
                var run = 0
                while offset - run > start && source[offset - run - 1] == Self.backslash { run += 1 }
                precedingBackslash = run % 2 == 1
                segments.append(start..<offset)
                continue
            }
            // A line end.
            countLineEnd(at: offset)
            offset += 1
            if segments.isEmpty {
                skipBlanks = true
                continue
            }
            guard offset < count else {
                if precedingBackslash { dropLastByte() }
                return startLine
            }
            guard precedingBackslash else { return startLine }
            dropLastByte()
            skipBlanks = true
            appendedLineBegin = true
            precedingBackslash = false
            if byte == Self.carriageReturn && source[offset] == Self.lineFeed {
                offset += 1
            }
        }
    }

    /// The offset of the first `\n` or `\r` at or after `start`, or the end
    /// of the text; eight bytes at a time where it can.
    private func lineEnd(from start: Int) -> Int {
        let count = source.count
        var index = start
        if let base = source.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= count {
                // Little-endian order, so that the lowest set bit is the first byte.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let lineFeeds = word ^ (ones &* UInt64(Self.lineFeed))
                let returns = word ^ (ones &* UInt64(Self.carriageReturn))
                // A byte of zero in either word marks a line end there.
                let found = ((lineFeeds &- ones) & ~lineFeeds | (returns &- ones) & ~returns) & highs
                if found != 0 {
                    return index + (found.trailingZeroBitCount >> 3)
                }
                index += 8
            }
        }
        while index < count && !Self.isLineEnd(source[index]) { index += 1 }
        return index
    }

    /// Removes the continuation backslash that ends the logical line so far.
    private mutating func dropLastByte() {
        guard let last = segments.popLast() else { return }
        if last.count > 1 {
            segments.append(last.lowerBound..<(last.upperBound - 1))
        }
    }

    /// Splits the current logical line into key and value, unescapes both,
    /// and records the entry.
    private mutating func readEntry(line entryLine: Int) throws(PropertiesError) {
        if segments.count == 1 {
            let range = segments[0]
            let text = UnsafeBufferPointer(rebasing: source[range])
            return try readEntry(in: text, line: entryLine)
        }
        joined.removeAll(keepingCapacity: true)
        for segment in segments {
            joined.append(contentsOf: UnsafeBufferPointer(rebasing: source[segment]))
        }
        let copy = joined
        try copy.withUnsafeBufferPointer { text throws(PropertiesError) in
            try readEntry(in: text, line: entryLine)
        }
    }

    private mutating func readEntry(in text: UnsafeBufferPointer<UInt8>, line entryLine: Int) throws(PropertiesError) {
        let limit = text.count
        var keyLength = 0
        var valueStart = limit
        var hasSeparator = false
        // Java toggles a flag at each backslash; the same is to let a
        // backslash take the byte after it along, whatever that byte is.
        scan: while keyLength < limit {
            switch text[keyLength] {
            case 0x3D, 0x3A:  // '=' or ':'
                valueStart = keyLength + 1
                hasSeparator = true
                break scan
            case 0x20, 0x09, 0x0C:  // space, tab, form feed
                valueStart = keyLength + 1
                break scan
            case 0x5C:  // backslash
                keyLength = min(keyLength + 2, limit)
            default:
                keyLength += 1
            }
        }
        while valueStart < limit {
            let byte = text[valueStart]
            if !Self.isBlank(byte) {
                if !hasSeparator && (byte == 0x3D || byte == 0x3A) {
                    hasSeparator = true
                } else {
                    break
                }
            }
            valueStart += 1
        }
        let keyStart = table.end
        try unescape(text, 0..<keyLength)
        let keyCount = table.end - keyStart
        try unescape(text, valueStart..<limit)
        table.append(keyStart: keyStart, keyCount: keyCount, line: entryLine)
    }

    /// Java's `loadConvert`: resolves escapes in `range` of `text`, appending
    /// the resulting bytes to the table.
    private mutating func unescape(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(PropertiesError) {
        var index = range.upperBound
        if let base = text.baseAddress, !range.isEmpty,
           let found = memchr(base + range.lowerBound, Int32(Self.backslash), range.count) {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        table.appendBytes(UnsafeBufferPointer(rebasing: text[range.lowerBound..<index]))
        if index == range.upperBound { return }
        var pendingHighSurrogate: UInt16?
        while index < range.upperBound {
            var byte = text[index]
            index += 1
            guard byte == Self.backslash, index < range.upperBound else {
                flush(&pendingHighSurrogate)
                table.appendByte(byte)
                continue
            }
            byte = text[index]
            index += 1
            guard byte == 0x75 else {  // 'u'
                flush(&pendingHighSurrogate)
                switch byte {
                case 0x74: table.appendByte(Self.tab)  // t
                case 0x72: table.appendByte(Self.carriageReturn)  // r
                case 0x6E: table.appendByte(Self.lineFeed)  // n
                case 0x66: table.appendByte(Self.formFeed)  // f
                default: table.appendByte(byte)
                }
                continue
            }
            guard let unit = hexUnit(text, at: index, end: range.upperBound) else {
                throw malformedEscape(text, escapeAt: index - 2)
            }
            index += 4
            append(unit: unit, pending: &pendingHighSurrogate)
        }
        flush(&pendingHighSurrogate)
    }

    private func hexUnit(_ text: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> UInt16? {
        guard start + 4 <= end else { return nil }
        var value: UInt16 = 0
        for index in start..<(start + 4) {
            let byte = text[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Appends one UTF-16 unit from a `\u` escape: a high surrogate waits for
    /// the low one that completes it; an unpaired surrogate, which a Swift
    /// string cannot hold, becomes U+FFFD.
    private mutating func append(unit: UInt16, pending: inout UInt16?) {
        switch unit {
        case 0xD800...0xDBFF:
            flush(&pending)
            pending = unit
        case 0xDC00...0xDFFF:
            if let high = pending {
                let scalar = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                appendScalar(scalar)
                pending = nil
            } else {
                appendScalar(0xFFFD)
            }
        default:
            flush(&pending)
            appendScalar(UInt32(unit))
        }
    }

    private mutating func flush(_ pending: inout UInt16?) {
        if pending != nil {
            appendScalar(0xFFFD)
            pending = nil
        }
    }

    private mutating func appendScalar(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            table.appendByte(UInt8(value))
        case 0x80..<0x800:
            table.appendByte(UInt8(0xC0 | value >> 6))
            table.appendByte(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            table.appendByte(UInt8(0xE0 | value >> 12))
            table.appendByte(UInt8(0x80 | value >> 6 & 0x3F))
            table.appendByte(UInt8(0x80 | value & 0x3F))
        default:
            table.appendByte(UInt8(0xF0 | value >> 18))
            table.appendByte(UInt8(0x80 | value >> 12 & 0x3F))
            table.appendByte(UInt8(0x80 | value >> 6 & 0x3F))
            table.appendByte(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Maps an offset in the logical line back to the source to report the
    /// escape's own line and column.
    private func malformedEscape(_ text: UnsafeBufferPointer<UInt8>, escapeAt index: Int) -> PropertiesError {
        var remaining = index
        var sourceOffset = segments.last?.upperBound ?? 0
        for segment in segments {
            if remaining < segment.count {
                sourceOffset = segment.lowerBound + remaining
                break
            }
            remaining -= segment.count
        }
        let position = SourcePosition(offset: sourceOffset, in: source)
        return PropertiesError(
            kind: .malformedUnicodeEscape, file: file, line: position.line, column: position.column,
            message: "malformed \\uXXXX escape: \\u must be followed by four hexadecimal digits")
    }
}
