/// One `key=value` assignment as it stands in a `.properties` file, with the
/// physical line where its logical line starts.
///
/// ```swift
/// let document = try PropertiesReader.read(text: "a = 1\n", file: "app.properties")
/// document.entries[0]  // PropertyEntry(key: "a", value: "1", line: 1)
/// ```
public struct PropertyEntry: Sendable, Hashable {
    /// The key, escapes resolved.
    public var key: String
    /// The value, escapes resolved and continuation lines joined.
    public var value: String
    /// 1-based line of the first character of the logical line.
    public var line: Int

    /// An assignment of `value` to `key` on `line`.
    public init(key: String, value: String, line: Int) {
        self.key = key
        self.value = value
        self.line = line
    }
}
