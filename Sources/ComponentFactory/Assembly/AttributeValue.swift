/// An attribute's text, or an element's text content, with where it was
/// written, so that every later check can point back at it.
public struct AttributeValue: Sendable, Hashable {
    /// The text as written, placeholders unresolved.
    public var text: String
    /// Where the attribute is.
    public var location: SourceLocation

    /// The value `text`, written at `location`.
    public init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }
}
