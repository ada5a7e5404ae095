/// A server's request for credentials, as a transport hands it to its
/// delegate: answer it with ``use(_:)`` or ``cancel()``, once.
///
/// `previousFailureCount` says how many answers were already refused; a
/// client that answers again with the same credentials only gets refused again.
public protocol AuthenticationChallenge: Sendable {
    var previousFailureCount: Int { get }
    func use(_ credential: Credential)
    func cancel()
}
