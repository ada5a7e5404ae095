import Foundation
import Testing

/// Stopping as a fleet stops a pod: SIGTERM at any instant of start-up, with
/// a database that takes connections and never answers, and with a trace
/// collector whose packets go nowhere. Each run ends with exit 0 and no
/// crash, within the grace period plus 1 s; readiness fails from the moment
/// of the signal while liveness holds.
extension ServerLifecycleTests {
    /// The grace period the tests set (`shutdown.grace-period`), and the bound on a stop: it plus 1 s.
    private static let gracePeriod: Duration = .seconds(3)
    private static let stopBound: Duration = gracePeriod + .seconds(1)

    /// A crash's marks in a log: Swift's fatal error and its backtrace.
    private static func crashMarks(in log: String) -> [String] {
        ["Fatal error", "Backtrace", "Crash", "Error raised at top level"].filter { log.contains($0) }
    }

    @Test func sigtermAtTwentyInstantsOfStartUpWithASilentDatabaseEndsEachRunCleanlyWithinTheGracePeriod() async throws {
        let database = try SilentListener()
        var report: [String] = []
        for instant in 0..<20 {
            // Denser early, where the load is: 0, 5, 20, 45 … 1,805 ms after the process handles signals.
            let delay = Duration.milliseconds(instant * instant * 5)
            let server = try LinksServerProcess(database: "silent", rate: 50, management: true,
                                                properties: ["shutdown.grace-period": "3s"],
                                                variables: ["DB_PORT": "\(database.port)"])
            let handling = try await server.waitForLog("stops the process from now on")
            try await Task.sleep(until: handling + delay)
            server.terminate()
            let signalled = ContinuousClock.now
            let status = try await server.exitStatus(within: .seconds(30))
            let took = ContinuousClock.now - signalled
            let log = server.logText
            #expect(!server.endedBySignal && status == 0, "SIGTERM at \(delay): exit \(status)\n\(log)")
            #expect(took <= Self.stopBound, "SIGTERM at \(delay): stopped after \(took)\n\(log)")
            #expect(Self.crashMarks(in: log).isEmpty, "SIGTERM at \(delay): \(Self.crashMarks(in: log))\n\(log)")
            #expect(!log.contains("hasn't been called yet"), "the pool is used only once the group runs it:\n\(log)")
            let phase = log.contains("links: management port listening") ? "serving" : "loading"
            report.append("\(delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000) ms: "
                          + "\(phase), stopped in \(took)")
        }
        print("SIGTERM during start-up, 20 instants:\n" + report.joined(separator: "\n"))
    }

    @Test func aDatabaseThatDoesNotAnswerIsLoggedAsAWarningWithItsCause() async throws {
        let database = try SilentListener()
        // No answer to the start-up message: the connection attempt gives up, and the store tries again.
        let server = try LinksServerProcess(database: "silent", rate: 50, properties: ["shutdown.grace-period": "3s"],
                                            variables: ["DB_PORT": "\(database.port)", "DB_HOST": "127.0.0.1"])
        let deadline = ContinuousClock.now + .seconds(40)
        while !server.logText.contains("warning links.postgres") && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(200))
        }
        server.terminate()
        #expect(try await server.exitStatus(within: .seconds(30)) == 0)
        let warning = server.logText.split(separator: "\n").first { $0.contains("warning links.postgres") }
        #expect(warning?.contains("store cannot make its tables on PostgreSQL at 127.0.0.1:\(database.port)") == true,
                "\(server.logText)")
        #expect(server.logText.contains("links: store stopped before its tables were made"), "\(server.logText)")
    }

    @Test func fromSigtermReadinessAnswers503UntilThePortClosesWhileLivenessStays200() async throws {
        // Spans to a collector whose packets go nowhere: the exporter's last flush holds the shutdown up
        // for a moment, while the management port, stopped last, still answers.
        let collector = try SilentListener()
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development", management: true,
                                            properties: ["tracing.endpoint": "http://127.0.0.1:\(collector.port)/v1/traces",
                                                         "shutdown.grace-period": "3s"])
        try await server.waitUntilServing()
        var ready = 0
        while ready != 200 {
            ready = (try? await HTTP.response(server.managementURL + "/factory/health/readiness"))?.status ?? 0
            try await Task.sleep(for: .milliseconds(50))
        }
        server.terminate()
        let signalled = ContinuousClock.now
        var readiness: [Int] = [], liveness: [Int] = []
        var lastBody = Data()
        while true {
            guard let (status, body) = try? await HTTP.response(server.managementURL + "/factory/health/readiness") else { break }
            readiness.append(status)
            if status == 503 { lastBody = body }
            guard let (alive, _) = try? await HTTP.response(server.managementURL + "/factory/health/liveness") else { break }
            liveness.append(alive)
        }
        let status = try await server.exitStatus(within: .seconds(30))
        let took = ContinuousClock.now - signalled
        #expect(status == 0 && took <= Self.stopBound, "exit \(status) after \(took)\n\(server.logText)")
        #expect(!readiness.isEmpty && readiness.allSatisfy { $0 == 503 }, "readiness after SIGTERM: \(readiness)")
        #expect(liveness.allSatisfy { $0 == 200 }, "liveness after SIGTERM: \(liveness)")
        let answer = try JSONSerialization.jsonObject(with: lastBody) as? [String: Any]
        #expect(answer?["status"] as? String == "OUT_OF_SERVICE" && answer?["shutdownBegan"] is String, "\(answer ?? [:])")
        let services = answer?["services"] as? [[String: Any]] ?? []
        #expect(services.allSatisfy { $0["key"] is String && $0["state"] is String && $0["since"] is String }, "\(services)")
        print("after SIGTERM: readiness answered \(readiness.count) times, all 503; liveness \(liveness.count) times, all 200; "
              + "exit 0 after \(took)")
    }

    @Test func withTheTraceCollectorSilentTheServerStopsWithinTheGracePeriodPlusOneSecond() async throws {
        let collector = try SilentListener()
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development",
                                            properties: ["tracing.endpoint": "http://127.0.0.1:\(collector.port)/v1/traces",
                                                         "shutdown.grace-period": "3s"])
        try await server.waitUntilServing()
        // Spans waiting for the collector: the load's, and a reload's.
        try server.setProperty("rate.per-second", to: "70")
        try await Task.sleep(for: .seconds(2))
        server.terminate()
        let signalled = ContinuousClock.now
        let status = try await server.exitStatus(within: .seconds(30))
        let took = ContinuousClock.now - signalled
        #expect(status == 0 && took <= Self.stopBound, "exit \(status) after \(took)\n\(server.logText)")
        #expect(Self.crashMarks(in: server.logText).isEmpty, "\(server.logText)")
        print("trace collector silent: exit \(status) \(took) after SIGTERM")
    }
}
