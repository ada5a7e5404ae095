import Foundation

/// Why a `.properties` file could not be read: the file is unreadable, its
/// bytes are not UTF-8, or a `\uXXXX` escape is malformed.
///
/// Line and column are 1-based; the column counts Unicode scalars. Where
/// `java.util.Properties.load(Reader)` throws, the reader throws this.
///
/// ```swift
/// do { _ = try PropertiesReader.read(text: "a=\\u12\n", file: "bad.properties") }
/// catch let error as PropertiesError { print(error) }  // bad.properties:1:3: error: malformed \uXXXX escape … [malformed-properties]
/// ```
public struct PropertiesError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The kinds of failure.
    public enum Kind: Sendable, Hashable {
        /// The file does not exist or cannot be read.
        case unreadable
        /// The bytes are not valid UTF-8.
        case invalidUTF8
        /// A `\u` escape is not followed by four hexadecimal digits.
        case malformedUnicodeEscape
    }

    /// What went wrong.
    public var kind: Kind
    /// The file's path, or the name given to the text.
    public var file: String
    /// 0 when the error concerns the whole file.
    public var line: Int
    /// 1-based, counted in Unicode scalars; 0 when the error concerns the whole file.
    public var column: Int
    /// What went wrong, for people.
    public var message: String

    /// An error at `file:line:column`.
    public init(kind: Kind, file: String, line: Int, column: Int, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The diagnostic code that ComponentFactory reports this as.
    public var code: String { kind == .unreadable ? "properties-not-found" : "malformed-properties" }

    /// Compiler-style: `bad.properties:1:3: error: malformed \uXXXX escape … [malformed-properties]`.
    public var description: String {
        (line > 0 ? "\(file):\(line):\(column)" : file) + ": error: \(message) [\(code)]"
    }

    public var errorDescription: String? { description }
}
