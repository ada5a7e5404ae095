/// An attribute's text, or an element's text content, with where it was
/// written, so that every later check can point back at it.
public struct AttributeValue: Sendable, Hashable {
    public var text: String
    public var location: SourceLocation

    public init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }
}
