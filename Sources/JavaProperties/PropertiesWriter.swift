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
        String(decoding: bytes(listing), as: UTF8.self)
    }

    /// The same text as UTF-8 bytes, written from the listing's own bytes
    /// with no string per key or value: what `factory properties` prints.
    public static func bytes(_ listing: PropertyListing) -> [UInt8] {
        var output: [UInt8] = []
        var length = 0
        listing.forEachPair { key, value in length += key.count + value.count + 2 }
        // Room for the text with no escapes, once: escapes then grow it geometrically.
        output.reserveCapacity(length)
        listing.forEachPair { key, value in
            escape(key, isKey: true, into: &output)
            output.append(0x3D)  // =
            escape(value, isKey: false, into: &output)
            output.append(0x0A)
        }
        return output
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x41 + value - 10  // 0-9, A-F
    }

    /// Every character the reader would treat specially is ASCII, and no byte
    /// of a multi-byte UTF-8 sequence is, so escaping works byte by byte.
    private static func escape(_ text: UnsafeBufferPointer<UInt8>, isKey: Bool, into output: inout [UInt8]) {
        for (position, byte) in text.enumerated() {
            switch byte {
            case 0x20:  // space
                if isKey || position == 0 { output.append(0x5C) }
                output.append(0x20)
            case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
            case 0x09: output.append(contentsOf: [0x5C, 0x74])  // \t
            case 0x0A: output.append(contentsOf: [0x5C, 0x6E])  // \n
            case 0x0D: output.append(contentsOf: [0x5C, 0x72])  // \r
            case 0x0C: output.append(contentsOf: [0x5C, 0x66])  // \f
            case 0x3D, 0x3A, 0x23, 0x21:  // = : # !
                output.append(0x5C)
                output.append(byte)
            case 0x00...0x1F, 0x7F:
                output.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)])  // \u00XX
            default:
                output.append(byte)
            }
        }
    }
}
