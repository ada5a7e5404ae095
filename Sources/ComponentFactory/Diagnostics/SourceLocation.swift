/// Where something was written: a file, a 1-based line and a 1-based column.
/// The column is 1 where the source gives none.
///
/// ```swift
/// SourceLocation(file: "Config/app.properties", line: 3).description  // "Config/app.properties:3:1"
/// ```
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`; just the file (or the source's name) when there is no line.
    public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }
}
