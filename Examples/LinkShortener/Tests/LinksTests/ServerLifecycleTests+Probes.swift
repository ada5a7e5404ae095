import ComponentFactory
import Foundation
import Testing

/// The management port as the kubelet and an operator meet it off loopback:
/// the two probes open, every other route behind `management.token`, the
/// token in no answer and no log line; `/factory` lists the routes and every
/// route answers HEAD.
extension ServerLifecycleTests {
    /// The routes `/factory` lists.
    private struct Listing: Decodable {
        struct Entry: Decodable { let path: String }
        let routes: [Entry]
    }

    @Test func offLoopbackTheProbesAnswerWithoutTheTokenAndEveryOtherRouteWantsIt() async throws {
        let token = "t0k3n-" + UUID().uuidString
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development", management: true,
                                            properties: ["management.host": "0.0.0.0"], variables: ["MANAGEMENT_TOKEN": token])
        try await server.waitUntilServing()
        var bodies: [Data] = []
        let base = server.managementURL
        // Bound to every address: the loopback one is one of them.
        for probe in ["/factory/health/liveness", "/factory/health/readiness"] {
            var answer = try await HTTP.request(base + probe)
            for _ in 0..<100 where answer.status != 200 {
                try await Task.sleep(for: .milliseconds(100))
                answer = try await HTTP.request(base + probe)
            }
            #expect(answer.status == 200, "\(probe) without the token: \(answer.status)")
            #expect(try await HTTP.request(base + probe, method: "HEAD").status == 200, "HEAD \(probe)")
            bodies.append(answer.body)
        }
        let listing = try await HTTP.request(base + "/factory", token: token)
        #expect(listing.status == 200)
        bodies.append(listing.body)
        let routes = try JSONDecoder().decode(Listing.self, from: listing.body).routes.map(\.path)
        #expect(Set(routes).isSuperset(of: ["/factory/health/liveness", "/factory/health/readiness", "/factory/health", "/factory/components",
                                            "/factory/properties", "/factory/reloads", "/factory/startup", "/metrics"]), "\(routes)")
        for route in ["/factory"] + routes where !route.hasPrefix("/factory/health/") {
            let refused = try await HTTP.request(base + route)
            #expect(refused.status == 401 && refused.body.isEmpty && refused.headers["www-authenticate"] == "Bearer",
                    "\(route) without the token: \(refused.status)")
            #expect(try await HTTP.request(base + route, token: "wrong-" + token).status == 401, "\(route) with a wrong token")
            #expect(try await HTTP.request(base + route, method: "HEAD").status == 401, "HEAD \(route) without the token")
            let allowed = try await HTTP.request(base + route, token: token)
            #expect(allowed.status == 200, "\(route) with the token: \(allowed.status)")
            let head = try await HTTP.request(base + route, method: "HEAD", token: token)
            #expect(head.status == 200 && head.body.isEmpty, "HEAD \(route) with the token: \(head.status)")
            bodies.append(allowed.body)
        }
        // The token is a secret: masked where the configuration is listed.
        let properties = try JSONSerialization.jsonObject(with: try await HTTP.request(base + "/factory/properties", token: token).body)
            as? [[String: Any]] ?? []
        #expect(properties.first { $0["key"] as? String == "management.token" }?["value"] as? String == "******", "\(properties)")
        server.terminate()
        #expect(try await server.exitStatus() == 0)
        let log = server.logText
        #expect(log.contains("links: management port listening on 0.0.0.0:\(server.managementPort ?? 0)"), "\(log)")
        for text in bodies.map({ String(decoding: $0, as: UTF8.self) }) + [log] {
            #expect(!text.contains(token), "the token is shown")
        }
    }

    @Test func offLoopbackWithoutATokenTheServerRefusesToStartInOneLine() async throws {
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development", management: true,
                                            properties: ["management.host": "0.0.0.0"])
        let status = try await server.exitStatus(within: .seconds(30))
        let log = server.logText
        #expect(status == 1 && !server.endedBySignal, "exit \(status)\n\(log)")
        let failures = log.split(separator: "\n").filter { $0.contains("start-up failed") }
        #expect(failures.count == 1 && failures.first?.contains("set management.token") == true, "\(log)")
    }
}

extension ServerLifecycleTests {
    @Test func withShowValuesNeverEveryValueIsMaskedAndTheRootListsTheRoutes() async throws {
        let server = try LinksServerProcess(database: "unused", rate: 50, environment: "development", management: true,
                                            properties: ["management.show-values": "never"])
        try await server.waitUntilServing()
        let properties = try JSONDecoder().decode([FactoryInspection.Property].self,
                                                  from: try await HTTP.request(server.managementURL + "/factory/properties").body)
        #expect(!properties.isEmpty && properties.allSatisfy { $0.value == "******" && $0.setBy.allSatisfy { $0.value == "******" } })
        #expect(properties.contains { $0.key == "rate.per-second" && !$0.isSecret }, "masked, though not a secret")
        let root = try await HTTP.request(server.managementURL + "/")
        #expect(root.status == 200 && String(decoding: root.body, as: UTF8.self).contains("/factory/health/readiness"))
        server.terminate()
        #expect(try await server.exitStatus() == 0)
    }
}
