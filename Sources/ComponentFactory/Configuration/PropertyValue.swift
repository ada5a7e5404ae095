/// A property's raw text, before placeholders are resolved, with where it
/// was written and which source supplied it.
public struct PropertyValue: Sendable, Hashable {
    /// The raw text, placeholders unresolved.
    public var text: String
    /// The `.properties` line, or nil for values that have no file.
    public var location: SourceLocation?
    /// The source's name, such as a file path, "environment variables" or "overrides".
    public var sourceName: String
    /// Whether the source holds it as a secret, whatever its key (a ``ConfigTree``'s values):
    /// masked wherever it, or a value built from it, shows. A key that looks secret is masked too.
    public var isSecret: Bool

    /// A value with its text, its place (nil when it has none), its source's name, and whether the source holds it as a secret.
    public init(text: String, location: SourceLocation?, sourceName: String, isSecret: Bool = false) {
        self.text = text
        self.location = location
        self.sourceName = sourceName
        self.isSecret = isSecret
    }
}
