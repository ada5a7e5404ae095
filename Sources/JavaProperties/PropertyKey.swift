/// A property key compared as Java compares it: by its exact characters.
///
/// Swift's `String` equality is canonical equivalence, so `café` written
/// with a precomposed `é` and with `e` and a combining accent are one
/// `String` key, but two keys to `java.util.Properties`. Sets and maps of
/// keys use this type so that no layer merges them. Keys order by their
/// UTF-8 bytes, which is the order of their Unicode scalars.
///
/// ```swift
/// PropertyKey("caf\u{E9}") == PropertyKey("cafe\u{301}")  // false
/// ```
@frozen
public struct PropertyKey: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The key's text.
    public let text: String

    /// The key `text`, compared by its exact characters.
    public init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    /// The key `text`, compared by its exact characters.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    public var description: String { text }

    @inlinable
    public static func == (lhs: PropertyKey, rhs: PropertyKey) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.elementsEqual(right) } }
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    @inlinable
    public static func < (lhs: PropertyKey, rhs: PropertyKey) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.lexicographicallyPrecedes(right) } }
    }

    @inlinable
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // The text was made contiguous on creation, so this never copies.
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
