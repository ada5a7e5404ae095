/// A Swift type as the registry knows it: an identity to compare and a name
/// for messages. Two identities are equal when they name the same type.
///
/// ```swift
/// TypeIdentity(Int.self).name            // "Int"
/// TypeIdentity((any Quest).self).name    // "Quest"
/// ```
public struct TypeIdentity: Sendable, Hashable, CustomStringConvertible {
    public let id: ObjectIdentifier
    /// The type's name, as Swift prints it.
    public let name: String

    /// The identity of `type`.
    public init(_ type: Any.Type) {
        self.id = ObjectIdentifier(type)
        self.name = String(describing: type)
    }

    public var description: String { name }

    public static func == (lhs: TypeIdentity, rhs: TypeIdentity) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
