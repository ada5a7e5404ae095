/// Writes JSON by hand, so that key order and spacing are exactly those that
/// design.md documents.
public enum JSONText {
    /// A JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var output = ""
        appendQuoted(text, to: &output)
        return output
    }

    /// Appends `text` as a JSON string literal to `output`.
    public static func appendQuoted(_ text: String, to output: inout String) {
        // Most text needs no escape: copy it whole.
        if !text.utf8.contains(where: needsEscape) {
            output += "\""
            output += text
            output += "\""
            return
        }
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FEFF}":
                // Control characters must be escaped; the line separators and the
                // byte-order mark are escaped too, since some parsers drop or
                // mangle them raw.
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Whether a UTF-8 byte may start something `quoted` escapes: a control
    /// character, a quote, a backslash, or the first byte of U+2028, U+2029 or U+FEFF.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2 || byte == 0xEF
    }

    /// `{"key":"value",…}` with the pairs in the given order.
    public static func object(_ pairs: [(key: String, value: String)]) -> String {
        var output = "{"
        output.reserveCapacity(pairs.reduce(2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 })
        for (position, pair) in pairs.enumerated() {
            if position > 0 { output += "," }
            appendQuoted(pair.key, to: &output)
            output += ":"
            appendQuoted(pair.value, to: &output)
        }
        return output + "}"
    }
}
