import ComponentFactoryLifecycle
import Logging
import PostgresNIO
import ServiceLifecycle

/// The production store: PostgreSQL through PostgresNIO's `PostgresClient`.
///
/// It is a `Service`: its `run()` runs the client's connection pool, creates
/// the tables if they are missing, then opens the store to requests, and on
/// a graceful shutdown closes the pool. The service group starts it before
/// the HTTP server and stops it after, so that every request in flight, and
/// its audit entry, is written before the pool closes.
///
/// The tables are made under a PostgreSQL advisory lock, so that several
/// instances starting at once make them one at a time. Until they are made,
/// the store reports itself not ready (`ReadinessReporting`): the
/// management port's `/factory/health` answers 503.
public final class PostgresLinkStore: LinkStore, Service, ReadinessReporting {
    /// The advisory lock's key: any number the app's instances agree on.
    public static let tablesLock = 7_206_410
    private let client: PostgresClient
    private let logger: Logger
    private let ready = Gate()

    public init(database: DatabaseSettings) {
        var logger = Logger(label: "links.postgres")
        logger.logLevel = .info
        self.logger = logger
        client = PostgresClient(
            configuration: .init(host: database.host, port: database.port, username: database.user,
                                 password: database.password.isEmpty ? nil : database.password, database: database.name,
                                 tls: .disable),
            backgroundLogger: logger)
    }

    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await self.client.run() }
            try await client.withConnection { connection in
                // Transaction-scoped: the lock goes with the transaction, whatever happens.
                try await connection.query("BEGIN", logger: logger)
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.tablesLock))", logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS links (code TEXT PRIMARY KEY, url TEXT NOT NULL)
                    """, logger: logger)
                try await connection.query("""
                    CREATE TABLE IF NOT EXISTS audit (request_id TEXT PRIMARY KEY, caller TEXT NOT NULL, action TEXT NOT NULL,
                                                      status INTEGER NOT NULL, written_at TIMESTAMPTZ NOT NULL DEFAULT now())
                    """, logger: logger)
                try await connection.query("COMMIT", logger: logger)
            }
            logger.info("links: store open: tables ready")
            ready.open()
            try? await gracefulShutdown()
            logger.info("links: store closing the PostgreSQL pool")
            group.cancelAll()
        }
        logger.info("links: store closed")
    }

    public func waitUntilReady() async {
        await ready.wait()
    }

    public func save(_ link: Link) async throws -> Bool {
        await ready.wait()
        let rows = try await client.query("""
            INSERT INTO links (code, url) VALUES (\(link.code), \(link.url)) ON CONFLICT (code) DO NOTHING RETURNING code
            """)
        for try await _ in rows { return true }
        return false
    }

    public func link(forCode code: String) async throws -> Link? {
        await ready.wait()
        let rows = try await client.query("SELECT url FROM links WHERE code = \(code)")
        for try await url in rows.decode(String.self) { return Link(code: code, url: url) }
        return nil
    }

    public func record(_ entry: AuditEntry) async throws {
        await ready.wait()
        try await client.query("""
            INSERT INTO audit (request_id, caller, action, status)
            VALUES (\(entry.requestID), \(entry.caller), \(entry.action), \(entry.status))
            """)
    }
}
