/// Why a `.properties` file could not be read: the file is unreadable, its
/// bytes are not UTF-8, or a `\uXXXX` escape is malformed.
///
/// Line and column are 1-based; the column counts Unicode scalars. Where
/// `java.util.Properties.load(Reader)` throws, the reader throws this.
///
/// ```swift
/// do { _ = try PropertiesReader.read(text: "a=\\u12\n", file: "bad.properties") }
/// catch let error as PropertiesError { print(error) }  // bad.properties:1:3: malformed \uXXXX escape …
/// ```
public struct PropertiesError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The file does not exist or cannot be read.
        case unreadable
        /// The bytes are not valid UTF-8.
        case invalidUTF8
        /// A `\u` escape is not followed by four hexadecimal digits.
        case malformedUnicodeEscape
    }

    public var kind: Kind
    public var file: String
    /// 0 when the error concerns the whole file.
    public var line: Int
    public var column: Int
    public var message: String

    public init(kind: Kind, file: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
