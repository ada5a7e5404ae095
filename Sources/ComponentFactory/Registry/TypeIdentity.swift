/// A Swift type as the registry knows it: an identity to compare and a name
/// for messages. Two identities are equal when they name the same type.
///
/// ```swift
/// TypeIdentity(Int.self).name            // "Int"
/// TypeIdentity((any Quest).self).name    // "Quest"
/// ```
@usableFromInline
package struct TypeIdentity: Sendable, Hashable, CustomStringConvertible {
    package let id: ObjectIdentifier
    /// The type's name, as Swift prints it.
    package let name: String

    /// The identity of `type`.
    package init(_ type: Any.Type) {
        self.id = ObjectIdentifier(type)
        self.name = String(describing: type)
    }

    @usableFromInline
    package var description: String { name }

    @usableFromInline
    package static func == (lhs: TypeIdentity, rhs: TypeIdentity) -> Bool { lhs.id == rhs.id }
    @usableFromInline
    package func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
