import Foundation
import Testing

/// The server against real PostgreSQL on loopback, with load from a second
/// process: start and stop, SIGTERM under load, reload under load, and
/// request scopes over many requests. Serialized: each test runs a server
/// and a load, and two at once would only measure the two cores.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ServerLifecycleTests {
    @Test func theServicesStartAndSIGTERMStopsThemInReverseDependencyOrder() async throws {
        let database = try await TestDatabase.create()
        let server = try LinksServerProcess(database: database.name, rate: 1_000_000)
        try await server.waitUntilServing()
        let load = try LoadRun(against: server, connections: 2, seconds: 5, requests: 20)
        let outcomes = try await load.outcomes()
        #expect(outcomes.filter { $0.status == 201 }.count == 20)

        server.terminate()
        #expect(try await server.exitStatus() == 0)
        let log = server.logText
        // Stopped first: the HTTP server (no longer accepting, requests in flight answered), then the
        // store's pool; the live factory's own shutdown last.
        #expect(log.contains("links: store open: tables ready") && log.contains("links: listening on"), "\(log)")
        let order = ["links: HTTP server stopped",
                     "links: store closing the PostgreSQL pool", "links: store closed",
                     "ComponentFactory: service 'store' shut down", "links: stopped"]
        let positions = order.map { log.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "every step is logged:\n\(log)")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "in this order: \(order)\n\(log)")
        #expect(try await database.links().count == 20)
        await database.drop()
    }

    @Test func nothingAnsweredIsLostWhenSIGTERMComesDuringTenSecondsOfLoadAtSixtyFourConnections() async throws {
        let database = try await TestDatabase.create()
        let server = try LinksServerProcess(database: database.name, rate: 1_000_000)
        try await server.waitUntilServing()
        let load = try LoadRun(against: server, connections: 64, seconds: 10)
        try await Task.sleep(for: .seconds(5))
        let terminatedAt = load.elapsed
        server.terminate()
        #expect(try await server.exitStatus() == 0, "\(server.logText)")
        let outcomes = try await load.outcomes()

        let created = outcomes.filter { $0.status == 201 }
        #expect(created.count > 100, "the load ran: \(created.count) links created")
        #expect(outcomes.allSatisfy { $0.status == nil || $0.status == 201 }, "every answer was 201")
        let stored = try await database.links()
        let lost = created.filter { stored[$0.code ?? ""] != $0.url }
        #expect(lost.isEmpty, "\(lost.count) of \(created.count) answered links are not in the database as answered")
        #expect(stored.count == created.count, "nothing stored that was not answered")
        // A socket error is only for a request that began once the server was told to stop.
        let early = outcomes.filter { $0.error != nil && $0.started < terminatedAt - 250 }
        #expect(early.isEmpty, "errors before SIGTERM (at \(terminatedAt) ms): \(early.prefix(3).map { $0.error ?? "" })")
        let audit = try await database.auditCounts()
        #expect(audit.rows == created.count && audit.requests == audit.rows, "one audit entry per answered request: \(audit)")
        let late = outcomes.filter { $0.error != nil }.count
        print("nothing lost: \(created.count) links answered 201 and stored, \(late) requests failed after SIGTERM at \(terminatedAt) ms")
        await database.drop()
    }

    @Test func aReloadUnderLoadAppliesTheNewLimitAndABrokenEditIsRefusedWhileTheOldLimitServes() async throws {
        let database = try await TestDatabase.create()
        let server = try LinksServerProcess(database: database.name, rate: 5)
        try await server.waitUntilServing()
        let load = try LoadRun(against: server, connections: 8, seconds: 9)
        try await Task.sleep(for: .seconds(3))
        let raisedAt = load.elapsed
        try server.setProperty("rate.per-second", to: "100000")
        try await Task.sleep(for: .seconds(3))
        let brokenAt = load.elapsed
        try server.setProperty("rate.per-second", to: "lots")
        let outcomes = try await load.outcomes()
        let stats = try await HTTP.stats(server)
        server.terminate()
        #expect(try await server.exitStatus() == 0)

        #expect(outcomes.allSatisfy { $0.status == 201 || $0.status == 429 }, "no request failed but for the limit")
        #expect(outcomes.contains { $0.status == 429 && $0.started < raisedAt }, "the first limit (5 a second) applied")
        // The watcher polls every second at most: two seconds after the edit, the new limit serves.
        let afterRaise = outcomes.filter { $0.started > raisedAt + 2000 }
        #expect(afterRaise.count > 100 && afterRaise.allSatisfy { $0.status == 201 },
                "\(afterRaise.filter { $0.status != 201 }.count) of \(afterRaise.count) refused after the raise")
        #expect(outcomes.contains { $0.started > brokenAt + 2000 }, "the load ran on after the broken edit")
        let limited = outcomes.filter { $0.status == 429 }
        print("reload under load: \(outcomes.count) requests, \(limited.count) limited, the last at \(limited.map(\.started).max() ?? 0) ms; "
              + "limit raised at \(raisedAt) ms, broken edit at \(brokenAt) ms")
        #expect(stats.perSecond == 100000 && stats.generation == 2, "the broken edit changed nothing: \(stats)")
        let log = server.logText
        #expect(log.contains("reload refused") && log.contains("Config/links.properties:"), "the refusal names the line:\n\(log)")
        #expect(log.contains("cannot convert 'lots' to Int"), "\(log)")
        await database.drop()
    }

    @Test func tenThousandRequestsLeaveNoRequestScopedObjectAliveAndWriteEachAuditRecordOnce() async throws {
        let database = try await TestDatabase.create()
        let server = try LinksServerProcess(database: database.name, rate: 1_000_000)
        try await server.waitUntilServing()
        let load = try LoadRun(against: server, connections: 16, seconds: 240, requests: 10_000)
        let outcomes = try await load.outcomes()
        let stats = try await HTTP.stats(server)
        server.terminate()
        #expect(try await server.exitStatus() == 0)

        #expect(outcomes.count == 10_000 && outcomes.allSatisfy { $0.status == 201 })
        #expect(stats.alive == 0, "request-scoped objects alive after the requests: \(stats.alive)")
        #expect(stats.made == 20_000, "a controller and an audit record per request: \(stats.made)")
        let audit = try await database.auditCounts()
        #expect(audit.rows == 10_000 && audit.requests == 10_000, "\(audit)")
        #expect(try await database.links().count == 10_000)
        await database.drop()
    }
}
