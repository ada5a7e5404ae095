/// Where something was written: a file, a 1-based line and a 1-based column.
/// The column is 1 where the source gives none.
///
/// ```swift
/// SourceLocation(file: "Config/app.properties", line: 3).description  // "Config/app.properties:3:1"
/// ```
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path as it was given; or, with line 0, the name of a source that has no file, such as a provider.
    public var file: String
    /// 1-based; 0 when the place is the whole file or source.
    public var line: Int
    /// 1-based, counted in Unicode scalars; 1 where the reader knows no column.
    public var column: Int

    /// A place in `file`.
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`; just the file (or the source's name) when there is no line.
    public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }
}
