import Foundation
import Links
import Logging
import PostgresNIO

/// A fresh database per test on the PostgreSQL that `.ci/run` starts on
/// loopback (port 54329, or LINKS_PG_PORT), trusting local connections as `postgres`.
struct TestDatabase {
    static let port = Int(ProcessInfo.processInfo.environment["LINKS_PG_PORT"] ?? "") ?? 54329
    let name = "links_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)

    /// Creates the database; the server makes its tables.
    static func create() async throws -> TestDatabase {
        let database = TestDatabase()
        try await run(in: "postgres") { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(database.name)"))
        }
        return database
    }

    /// Every link, by code.
    func links() async throws -> [String: String] {
        try await Self.run(in: name) { client in
            var links: [String: String] = [:]
            for try await (code, url) in try await client.query("SELECT code, url FROM links").decode((String, String).self) {
                links[code] = url
            }
            return links
        }
    }

    /// The audit rows, and how many distinct request ids they have.
    func auditCounts() async throws -> (rows: Int, requests: Int) {
        try await Self.run(in: name) { client in
            for try await (rows, requests) in try await client.query("SELECT count(*), count(DISTINCT request_id) FROM audit")
                .decode((Int, Int).self) {
                return (rows, requests)
            }
            return (0, 0)
        }
    }

    /// Takes the advisory lock the store makes its tables under (as another
    /// instance of the server would), in a transaction of its own, and holds
    /// it until `release` is opened. Returns once the lock is held.
    func holdTablesLock(until release: AsyncStream<Void>) async throws -> Task<Void, any Error> {
        let (held, heldSignal) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            defer { heldSignal.finish() }
            let logger = Logger(label: "links.tests")
            try await Self.run(in: name) { client in
                try await client.withConnection { connection in
                    try await connection.query("BEGIN", logger: logger)
                    try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresLinkStore.tablesLock))", logger: logger)
                    heldSignal.yield()
                    for await _ in release { break }
                    try await connection.query("COMMIT", logger: logger)
                }
            }
        }
        var isHeld = false
        for await _ in held {
            isHeld = true
            break
        }
        guard isHeld else {
            try await holder.value
            throw ServerFailure("the tables' lock was not taken")
        }
        return holder
    }

    func drop() async {
        _ = try? await Self.run(in: "postgres") { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"))
        }
    }

    private static func run<Result: Sendable>(in database: String,
                                              _ body: @escaping @Sendable (PostgresClient) async throws -> Result) async throws -> Result {
        let client = PostgresClient(configuration: .init(host: "127.0.0.1", port: port, username: "postgres", password: nil,
                                                         database: database, tls: .disable),
                                    backgroundLogger: Logger(label: "links.tests"))
        do {
            return try await withThrowingTaskGroup(of: Result?.self) { group in
                group.addTask {
                    await client.run()
                    return nil
                }
                group.addTask { try await body(client) }
                group.addTask {
                    try await Task.sleep(for: .seconds(20))
                    throw ServerFailure("no answer within 20 s")
                }
                while let next = try await group.next() {
                    if let result = next {
                        group.cancelAll()
                        return result
                    }
                }
                throw ServerFailure("the client stopped")
            }
        } catch {
            throw ServerFailure("PostgreSQL on 127.0.0.1:\(port) (start it as the README says): \(String(reflecting: error))")
        }
    }
}
