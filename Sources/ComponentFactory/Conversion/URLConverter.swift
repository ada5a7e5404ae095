import Foundation

/// A URL with a scheme (`https://example.org/api`), or a file path
/// (`/var/data`, `./data`, `~/data`, `data/file.txt`).
struct URLConverter: TypeConverter {
    /// The converter.
    init() {}

    /// "URL".
    var typeName: String { "URL" }

    /// A URL with a scheme, or a path.
    func convert(_ text: String) throws(ConversionFailure) -> URL {
        guard !text.isEmpty, !text.contains(where: \.isWhitespace) else {
            throw ConversionFailure("a URL may not be empty or contain spaces")
        }
        if let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty, text.contains(":") {
            return url
        }
        if !text.contains(":") {
            return URL(fileURLWithPath: (text as NSString).expandingTildeInPath)
        }
        throw ConversionFailure("not a URL with a scheme, nor a path")
    }
}
