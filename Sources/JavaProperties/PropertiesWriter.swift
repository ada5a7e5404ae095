/// Writes a map as `.properties` text that ``PropertiesReader`` (and
/// `java.util.Properties.load`) reads back to the same map.
///
/// Keys are sorted by their Unicode scalars (``PropertyKey`` order). Spaces in keys, a leading space
/// in a value, `\`, `=`, `:`, `#`, `!`, tab, line ends and form feed are
/// escaped; other control characters become `\uXXXX`; the rest is written as
/// UTF-8.
///
/// ```swift
/// PropertiesWriter.write([PropertyKey("a key"): "x=1"])  // "a\\ key=x\\=1\n"
/// ```
public enum PropertiesWriter {
    /// `values` as `key=value` lines, ordered by key.
    public static func write(_ values: [PropertyKey: String]) -> String {
        write(PropertyListing(pairs: values.map { (key: $0.key.text, value: $0.value) }))
    }

    /// The listing's pairs, in its order, one `key=value` line each.
    public static func write(_ listing: PropertyListing) -> String {
        var output = ""
        for place in 0..<listing.count {
            escape(listing.key(at: place), isKey: true, into: &output)
            output.append("=")
            escape(listing.value(at: place), isKey: false, into: &output)
            output.append("\n")
        }
        return output
    }

    private static func escape(_ text: String, isKey: Bool, into output: inout String) {
        var isFirst = true
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ":
                output.append(isKey || isFirst ? "\\ " : " ")
            case "\\": output.append("\\\\")
            case "\t": output.append("\\t")
            case "\n": output.append("\\n")
            case "\r": output.append("\\r")
            case "\u{0C}": output.append("\\f")
            case "=", ":", "#", "!":
                output.append("\\")
                output.unicodeScalars.append(scalar)
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default:
                output.unicodeScalars.append(scalar)
            }
            isFirst = false
        }
    }
}
