/// Where links and audit entries are kept: PostgreSQL in production, memory in development.
public protocol LinkStore: Sendable {
    /// Saves `link`; false when its code is taken.
    func save(_ link: Link) async throws -> Bool
    /// The link with `code`, if any.
    func link(forCode code: String) async throws -> Link?
    /// Writes one request's audit entry.
    func record(_ entry: AuditEntry) async throws
}
