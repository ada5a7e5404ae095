import ComponentFactory
import Foundation
import Testing

/// The management port, from outside: the factory's inspection and its
/// metrics, served by the running server on loopback, with no secret in any
/// answer or log line; its readiness while the store makes its tables; and
/// no port at all when `management.port` is unset. In the server suite, so
/// that they run one at a time with its tests, none beside a load.
extension ServerLifecycleTests {
    /// A value no file or default holds: a secret the test can search for.
    private static func secret() -> String { "s3cr3t-" + UUID().uuidString }

    @Test func theManagementPortExplainsTheFactoryFollowsItsReloadsAndShowsNoSecret() async throws {
        let password = Self.secret(), apiKey = Self.secret()
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development", management: true,
                                            properties: ["tracing.api-key": apiKey], variables: ["DB_PASSWORD": password])
        try await server.waitUntilServing()
        var bodies: [String] = []
        func get(_ route: String, status: Int = 200) async throws -> Data {
            let (answered, body) = try await HTTP.response(server.managementURL + route)
            #expect(answered == status, "\(route): \(answered)")
            bodies.append(String(decoding: body, as: UTF8.self))
            return body
        }
        let decoder = Self.managementDecoder

        // Every component the assembly defines, with its file:line and what it needs.
        let components = try decoder.decode([FactoryInspection.Component].self, from: try await get("/factory/components"))
        let assembly = try String(contentsOf: server.directory.appendingPathComponent("Assemblies/Links.xml"), encoding: .utf8)
        #expect(components.count == assembly.components(separatedBy: "<component ").count - 1)
        #expect(components.allSatisfy { $0.file.hasSuffix("Assemblies/Links.xml") && $0.line > 0 })
        let controller = try #require(components.first { $0.key == "links" })
        #expect(Set(controller.dependencies) == ["store", "rateLimit", "caller", "audit", "instances"])

        // Each key with where it came from; the secrets masked.
        let properties = try decoder.decode([FactoryInspection.Property].self, from: try await get("/factory/properties"))
        let byKey = Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0) })
        let rate = try #require(byKey["rate.per-second"])
        #expect(rate.value == "50" && rate.file?.hasSuffix("Config/links.properties") == true)
        let rateLine = try server.line(of: "rate.per-second")
        #expect(rate.line == rateLine)
        #expect(rate.readers.contains { $0.component == "rateLimit" })
        let port = try #require(byKey["http.port"])
        #expect(port.value == "\(server.port)" && port.source.contains("HTTP_PORT") && port.file == nil, "\(port)")
        // Both sources that set it, the variable first as the winner, the file's line after it.
        #expect(port.setBy.map(\.wins) == [true, false] && port.setBy.first?.source == "environment variable HTTP_PORT", "\(port.setBy)")
        let portLine = try server.line(of: "http.port")
        #expect(port.setBy.last?.value == "8080" && port.setBy.last?.file?.hasSuffix("Config/links.properties") == true
                    && port.setBy.last?.line == portLine, "\(port.setBy)")
        // A typed setting's reader, with its line; a default in force, as a default.
        let serviceName = try #require(byKey["tracing.service-name"], "the default in force is listed")
        #expect(serviceName.isDefault && serviceName.value == "\"links\"" && serviceName.readers.first?.component == "TracingSettings")
        #expect(serviceName.readers.first?.file?.hasSuffix("TracingSettings.swift") == true && serviceName.readers.first?.line != nil)
        // store.class: each reader once.
        let storeClass = try #require(byKey["store.class"])
        #expect(storeClass.readers.count == Set(storeClass.readers).count && storeClass.readers.count == 1, "\(storeClass.readers)")
        #expect(byKey["db.password"]?.value == "******" && byKey["db.password"]?.source.contains("DB_PASSWORD") == true)
        let apiKeyLine = try server.line(of: "tracing.api-key")
        #expect(byKey["tracing.api-key"]?.value == "******" && byKey["tracing.api-key"]?.line == apiKeyLine)

        // The load's timeline, every eager singleton with its duration.
        let startup = try decoder.decode(FactoryInspection.Startup.self, from: try await get("/factory/startup"))
        #expect(startup.phases.map(\.name) == ["read", "compile", "build"])
        #expect(Set(startup.components.map(\.key)).isSuperset(of: ["http", "database", "store", "rateLimit", "instances", "telemetry"]))
        #expect(startup.components.allSatisfy { $0.durationMilliseconds >= 0 })

        // Serving, so ready.
        let health = try JSONSerialization.jsonObject(with: try await get("/factory/health")) as? [String: Any]
        #expect(health?["ready"] as? Bool == true)

        // A reload: seen in /factory/reloads, and counted in /metrics.
        #expect(Self.metric("componentfactory_reloads_total", outcome: "swapped", in: try await get("/metrics")) == nil)
        try server.setProperty("rate.per-second", to: "70")
        let swapped = try await Self.reloads(server) { $0.contains { $0.outcome == .swapped } }
        #expect(swapped.count == 1 && swapped[0].outcome == .swapped, "one save, one reload: \(swapped)")
        #expect(swapped[0].changedKeys == ["rate.per-second"] && swapped[0].rebuilt.contains("rateLimit"))
        #expect(swapped[0].changes.map { "\($0.old ?? "") → \($0.new ?? "")" } == ["50 → 70"], "\(swapped[0].changes)")
        _ = try await get("/factory/reloads")
        // Told to the telemetry by the group's reload observer, as it goes on: soon, not at once.
        let metrics = try await Self.metrics(server) { Self.metric("componentfactory_reloads_total", outcome: "swapped", in: $0) == 1 }
        bodies.append(String(decoding: metrics, as: UTF8.self))
        #expect(Self.metric("componentfactory_components_built_total", phase: "reload", in: metrics) ?? 0 >= 1)

        // A broken edit: refused, with its diagnostic at the file's line; the old limit serves on.
        try server.setProperty("rate.per-second", to: "lots")
        let refused = try await Self.reloads(server) { $0.contains { $0.outcome == .refused } }
        #expect(refused.map(\.outcome) == [.swapped, .refused], "\(refused)")
        #expect(refused.last?.changedKeys == ["rate.per-second"] && refused.last?.generation == 2)
        #expect(refused.last?.rebuilt == [] && refused.last?.wouldRebuild.contains("rateLimit") == true, "\(refused)")
        // While the refused edit stands, the file's disagreement is flagged beside the value in force.
        let standing = try decoder.decode([FactoryInspection.Property].self, from: try await get("/factory/properties"))
        let flagged = try #require(standing.first { $0.key == "rate.per-second" })
        #expect(flagged.value == "70" && flagged.pending?.value == "lots" && flagged.pending?.line == rateLine, "\(flagged)")
        let diagnostic = try #require(refused.last?.diagnostics.first)
        #expect(diagnostic.code == "conversion" && diagnostic.file?.hasSuffix("Config/links.properties") == true, "\(diagnostic)")
        #expect(diagnostic.line == rateLine)
        _ = try await get("/factory/reloads")
        let afterRefusal = try await Self.metrics(server) { Self.metric("componentfactory_reloads_total", outcome: "refused", in: $0) == 1 }
        #expect(Self.metric("componentfactory_reloads_total", outcome: "swapped", in: afterRefusal) == 1)
        #expect(Self.metric("componentfactory_reloads_total", outcome: "unchanged", in: afterRefusal) == nil)
        bodies.append(String(decoding: afterRefusal, as: UTF8.self))

        // Only on loopback.
        let others = LinksServerProcess.otherAddresses()
        #expect(!others.isEmpty, "this machine has an address besides loopback to try")
        for address in others {
            #expect(!LinksServerProcess.accepts(address, port: try #require(server.managementPort)), "\(address) answers")
        }
        #expect(LinksServerProcess.accepts("127.0.0.1", port: try #require(server.managementPort)))

        server.terminate()
        #expect(try await server.exitStatus() == 0)
        let log = server.logText
        #expect(log.contains("links: management port listening on 127.0.0.1:\(server.managementPort ?? 0)"))
        for text in bodies + [log] {
            #expect(!text.contains(password) && !text.contains(apiKey), "a secret's value is shown")
        }
    }

    @Test func theFactorysSpansGoToTheCollectorThatTracingNamesWithItsKey() async throws {
        let collector = try TraceCollector()
        let apiKey = Self.secret()
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development",
                                            properties: ["tracing.endpoint": collector.endpoint, "tracing.api-key": apiKey])
        try await server.waitUntilServing()
        let load = try await collector.waitForSpan(named: "componentfactory.load")
        #expect(load.path == "/v1/traces" && load.headers["x-api-key"] == apiKey)
        for span in ["componentfactory.load.build", "componentfactory.construct", "rateLimit"] {
            #expect(load.body.range(of: Data(span.utf8)) != nil, "\(span) is in the export")
        }
        try server.setProperty("rate.per-second", to: "60")
        _ = try await collector.waitForSpan(named: "componentfactory.reload")
        server.terminate()
        #expect(try await server.exitStatus() == 0)
        #expect(!server.logText.contains(apiKey))
    }

    @Test func healthAnswers503WhileTheStoreWaitsToMakeItsTablesAnd200Once() async throws {
        let database = try await TestDatabase.create()
        // Held as another instance making the tables would hold it: the store waits, and is not ready.
        let (release, releasing) = AsyncStream.makeStream(of: Void.self)
        let holder = try await database.holdTablesLock(until: release)
        let server = try LinksServerProcess(database: database.name, rate: 50, management: true)
        var answers: [Int] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while answers.last != 503 && ContinuousClock.now < deadline {
            if let (status, _) = try? await HTTP.response(server.managementURL + "/factory/health") { answers.append(status) }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(answers.last == 503, "the management port answered \(answers) while the store waited:\n\(server.logText)")
        let waiting = try JSONSerialization.jsonObject(with: try await HTTP.response(server.managementURL + "/factory/health").body)
            as? [String: Any]
        let services = waiting?["services"] as? [[String: Any]] ?? []
        #expect(services.contains { $0["key"] as? String == "store" && $0["state"] as? String == "starting" }, "\(services)")
        // The readiness probe names what it waits for, its state and since when; liveness holds.
        let readiness = try await HTTP.response(server.managementURL + "/factory/health/readiness")
        let notReady = (try JSONSerialization.jsonObject(with: readiness.body) as? [String: Any])?["services"] as? [[String: Any]] ?? []
        #expect(readiness.status == 503 && notReady.contains { $0["key"] as? String == "store" && $0["state"] as? String == "starting"
                    && $0["since"] is String }, "\(notReady)")
        #expect(try await HTTP.response(server.managementURL + "/factory/health/liveness").status == 200)

        releasing.yield()
        try await holder.value
        try await server.waitUntilServing()
        var status = 0
        while status != 200 && ContinuousClock.now < deadline {
            status = (try? await HTTP.response(server.managementURL + "/factory/health"))?.status ?? 0
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(status == 200, "ready once the tables are made:\n\(server.logText)")
        server.terminate()
        #expect(try await server.exitStatus() == 0)
        await database.drop()
    }

    @Test func withoutManagementPortTheServerListensOnItsLinksPortAlone() async throws {
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development")
        try await server.waitUntilServing()
        #expect(try server.listeningPorts() == [server.port])
        server.terminate()
        #expect(try await server.exitStatus() == 0)
        #expect(server.logText.contains("links: no management port (management.port is not set)"))
    }

    /// Reads the management port's JSON, its times in ISO 8601 with fractions of a second.
    private static var managementDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        }
        return decoder
    }

    /// `/factory/reloads` once `done` holds of it, polled for at most 30 s.
    private static func reloads(_ server: LinksServerProcess,
                                until done: ([FactoryInspection.Reload]) -> Bool) async throws -> [FactoryInspection.Reload] {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let reloads = try managementDecoder.decode([FactoryInspection.Reload].self,
                                                   from: try await HTTP.response(server.managementURL + "/factory/reloads").body)
            if done(reloads) { return reloads }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServerFailure("the reloads did not come within 30 s:\n\(server.logText)")
    }

    /// `/metrics` once `done` holds of it, polled for at most 30 s.
    private static func metrics(_ server: LinksServerProcess, until done: (Data) -> Bool) async throws -> Data {
        let deadline = ContinuousClock.now + .seconds(30)
        var body = Data()
        while ContinuousClock.now < deadline {
            body = try await HTTP.response(server.managementURL + "/metrics").body
            if done(body) { return body }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServerFailure("/metrics did not show it within 30 s:\n\(String(decoding: body, as: UTF8.self))")
    }

    /// The value of the Prometheus sample `name{outcome="…"}` or `name{phase="…"}`; nil when absent.
    private static func metric(_ name: String, outcome: String? = nil, phase: String? = nil, in body: Data) -> Int? {
        let label = outcome.map { "outcome=\"\($0)\"" } ?? phase.map { "phase=\"\($0)\"" } ?? ""
        for line in String(decoding: body, as: UTF8.self).split(separator: "\n") where line.hasPrefix("\(name){\(label)}") {
            return line.split(separator: " ").last.flatMap { Int(Double($0) ?? -1) }
        }
        return nil
    }
}
