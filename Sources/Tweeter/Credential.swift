/// A user name and password offered in answer to an authentication challenge.
/// Printed, the password is masked, so that `build` output and logs never show it.
public struct Credential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The user name.
    public let user: String
    /// The password.
    public let password: String

    /// A credential for `user`.
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public var description: String { "Credential(user: \(user), password: ******)" }
    public var debugDescription: String { description }
}
