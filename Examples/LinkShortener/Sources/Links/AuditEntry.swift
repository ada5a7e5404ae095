/// What one request did, as its audit record writes it when the request ends.
public struct AuditEntry: Sendable, Equatable {
    /// Unique per request.
    public let requestID: String
    public let caller: String
    public let action: String
    /// The HTTP status the request was answered with.
    public let status: Int
}
