/// A user name and password offered in answer to an authentication challenge.
/// Printed, the password is masked, so that `build` output and logs never show it.
public struct Credential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let user: String
    public let password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    public var description: String { "Credential(user: \(user), password: ******)" }
    public var debugDescription: String { description }
}
