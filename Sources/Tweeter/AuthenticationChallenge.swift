/// A server's request for credentials, as a transport hands it to its
/// delegate: answer it with ``use(_:)`` or ``cancel()``, once.
///
/// `previousFailureCount` says how many answers were already refused; a
/// client that answers again with the same credentials only gets refused again.
public protocol AuthenticationChallenge: Sendable {
    /// How many times credentials were refused before this challenge.
    var previousFailureCount: Int { get }
    /// Answers the challenge with `credential`.
    func use(_ credential: Credential)
    /// Gives up: the request fails.
    func cancel()
}
