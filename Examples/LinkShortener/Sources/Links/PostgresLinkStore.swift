import ComponentFactoryLifecycle
import Logging
import PostgresNIO
import ServiceLifecycle

/// The production store: PostgreSQL through PostgresNIO's `PostgresClient`.
///
/// It is a `Service`, and nothing touches PostgreSQL before the group runs
/// it. Its `run()` runs the client's connection pool and, beside it, makes
/// the tables on a connection of its own, trying again while PostgreSQL does
/// not answer (each failure logged as a warning, with its cause); then it
/// opens the store to requests, and on a graceful shutdown closes the pool.
/// A shutdown while it is still making the tables stops the attempt and
/// returns, without an error. The service group starts it before the HTTP
/// server and stops it after, so that every request in flight, and its audit
/// entry, is written before the pool closes.
///
/// The tables are made under a PostgreSQL advisory lock, so that several
/// instances starting at once make them one at a time. Until they are made,
/// the store reports itself not ready (`ReadinessReporting`): the
/// management port's readiness probe answers 503.
public final class PostgresLinkStore: LinkStore, Service, ReadinessReporting {
    /// The advisory lock's key: any number the app's instances agree on.
    public static let tablesLock = 7_206_410
    /// The longest wait between two attempts to make the tables.
    static let longestRetryDelay: Duration = .seconds(5)
    private let database: DatabaseSettings
    private let client: PostgresClient
    private let logger: Logger
    private let ready = Gate()

    public init(database: DatabaseSettings) {
        var logger = Logger(label: "links.postgres")
        logger.logLevel = .info
        self.logger = logger
        self.database = database
        client = PostgresClient(
            configuration: .init(host: database.host, port: database.port, username: database.user,
                                 password: database.password.isEmpty ? nil : database.password, database: database.name,
                                 tls: .disable),
            backgroundLogger: logger)
    }

    public func run() async throws {
        let made = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.client.run()
                return false
            }
            let made = await cancelWhenGracefulShutdown { await self.makeTables() }
            if made {
                ready.open()
                try? await gracefulShutdown()
                logger.info("links: store closing the PostgreSQL pool")
            }
            group.cancelAll()
            return made
        }
        logger.info(made ? "links: store closed" : "links: store stopped before its tables were made")
    }

    public func waitUntilReady() async {
        await ready.wait()
    }

    /// Makes the tables, trying again while PostgreSQL does not answer; true
    /// once they are made, false when the task was cancelled first.
    private func makeTables() async -> Bool {
        var delay = Duration.milliseconds(250)
        var attempt = 1
        while !Task.isCancelled {
            do {
                try await makeTablesOnce()
                logger.info("links: store open: tables ready")
                return true
            } catch where !Task.isCancelled {
                logger.warning("""
                    links: store cannot make its tables on PostgreSQL at \(database.host):\(database.port) \
                    (attempt \(attempt)), trying again in \(delay): \(String(reflecting: error))
                    """)
            } catch {
                return false
            }
            guard (try? await Task.sleep(for: delay)) != nil else { return false }
            delay = min(delay * 2, Self.longestRetryDelay)
            attempt += 1
        }
        return false
    }

    /// One attempt, on a connection of its own, closed whatever happens (at once when the task is cancelled).
    private func makeTablesOnce() async throws {
        let connection = try await PostgresConnection.connect(
            configuration: .init(host: database.host, port: database.port, username: database.user,
                                 password: database.password.isEmpty ? nil : database.password, database: database.name, tls: .disable),
            id: 0, logger: logger)
        do {
            try await withTaskCancellationHandler {
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
            } onCancel: {
                let closing: EventLoopFuture<Void> = connection.close()
                _ = closing
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try? await connection.close()
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
