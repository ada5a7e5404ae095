/// Why a request did not succeed.
public enum TransportFailure: Error, Sendable, Equatable {
    /// The authentication challenge was cancelled: the credentials were refused.
    case cancelledAuthentication
    /// The server answered with a status that is not a success.
    case status(Int)
    /// The request did not reach the server, or its answer did not come back.
    case network(String)
}
