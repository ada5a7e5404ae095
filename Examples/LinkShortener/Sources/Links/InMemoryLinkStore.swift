import Synchronization

/// The development store: links and audit entries in memory, gone when the process ends.
public final class InMemoryLinkStore: LinkStore {
    private struct Contents {
        var links: [String: Link] = [:]
        var audit: [AuditEntry] = []
    }

    private let contents = Mutex(Contents())

    /// Takes the database settings as the PostgreSQL store does, so that
    /// `class="${store.class}"` picks either with one `<initializer>`; it needs none of them.
    public init(database: DatabaseSettings) {}

    public func save(_ link: Link) async throws -> Bool {
        contents.withLock { contents in
            guard contents.links[link.code] == nil else { return false }
            contents.links[link.code] = link
            return true
        }
    }

    public func link(forCode code: String) async throws -> Link? {
        contents.withLock { $0.links[code] }
    }

    public func record(_ entry: AuditEntry) async throws {
        contents.withLock { $0.audit.append(entry) }
    }

    /// The audit entries written so far, in order.
    public var auditEntries: [AuditEntry] {
        contents.withLock { $0.audit }
    }
}
