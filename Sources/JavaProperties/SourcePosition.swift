/// Line and column of a byte offset, found by scanning from the start of the
/// text. Only error paths need it, so it trades speed for simplicity.
struct SourcePosition: Equatable {
    var line: Int
    var column: Int

    /// `\n`, `\r` and `\r\n` each end a line; the column counts Unicode
    /// scalars, so a multi-byte character is one column.
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0D {
                line += 1
                column = 1
            } else if byte == 0x0A {
                if index == 0 || bytes[index - 1] != 0x0D {
                    line += 1
                }
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.line = line
        self.column = column
    }
}
