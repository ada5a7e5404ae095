/// A property's raw text, before placeholders are resolved, with where it
/// was written and which source supplied it.
public struct PropertyValue: Sendable, Hashable {
    /// The raw text, placeholders unresolved.
    public var text: String
    /// The `.properties` line, or nil for values that have no file.
    public var location: SourceLocation?
    /// The source's name, such as a file path, "environment variables" or "overrides".
    public var sourceName: String

    /// A value with its text, its place (nil when it has none) and its source's name.
    public init(text: String, location: SourceLocation?, sourceName: String) {
        self.text = text
        self.location = location
        self.sourceName = sourceName
    }
}
