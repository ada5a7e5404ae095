/// Writes JSON by hand, so that key order and spacing are exactly those that
/// design.md documents.
public enum JSONText {
    /// A JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var output = "\""
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
        return output + "\""
    }

    /// `{"key":"value",…}` with the pairs in the given order.
    public static func object(_ pairs: [(key: String, value: String)]) -> String {
        "{" + pairs.map { quoted($0.key) + ":" + quoted($0.value) }.joined(separator: ",") + "}"
    }
}
