import Foundation
import Testing

/// The server's metrics and traces as Prometheus and OpenTelemetry users
/// read them: `/metrics` through Prometheus's own parser, and the OTLP
/// export through OpenTelemetry's own protobuf classes.
extension ServerLifecycleTests {
    @Test func metricsParseWithPrometheusOwnParserEachFamilyWithHelpAndTypeAndARouteCountsItsRequests() async throws {
        let server = try LinksServerProcess(database: "unused", rate: 1_000_000, environment: "development", management: true)
        try await server.waitUntilServing()
        let created = try await HTTP.request(server.baseURL + "/links", method: "POST", body: #"{"url": "https://swift.org"}"#)
        let code = try #require((try JSONSerialization.jsonObject(with: created.body) as? [String: Any])?["code"] as? String)
        for _ in 0..<100 { #expect(try await HTTP.request(server.baseURL + "/links/\(code)").status == 200) }

        func answered(_ parsed: [String: Any]) -> Double? {
            (parsed["samples"] as? [[String: Any]])?.first { sample in
                let labels = sample["labels"] as? [String: String] ?? [:]
                return sample["name"] as? String == "http_server_requests_total" && labels["http_route"] == "/links/{code}"
                    && labels["http_request_method"] == "GET" && labels["http_response_status_code"] == "200"
            }?["value"] as? Double
        }
        // Counted once each answer is written: the last may land a moment after the client has it.
        var parsed: [String: Any] = [:]
        for _ in 0..<100 {
            parsed = try Python.run("prometheus-families.py", input: try await HTTP.request(server.managementURL + "/metrics").body)
            if answered(parsed) == 100 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(answered(parsed) == 100, "\(parsed["samples"] ?? [])")
        let families = parsed["families"] as? [[String: Any]] ?? []
        let names = Set(families.compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["http_server_requests", "http_server_request_duration_seconds",
                                      "componentfactory_components_built", "componentfactory_startup_seconds", "componentfactory_services"]),
                "\(names.sorted())")
        for family in families {
            #expect((family["help"] as? String)?.isEmpty == false, "no HELP: \(family)")
            #expect(["counter", "gauge", "histogram", "summary"].contains(family["type"] as? String ?? ""), "no TYPE: \(family)")
        }
        // A counter is exposed as `<family>_total`: the parser names the family without the suffix.
        let counters = families.filter { $0["type"] as? String == "counter" }.compactMap { $0["name"] as? String }
        let sampleNames = Set((parsed["samples"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(!counters.isEmpty && counters.allSatisfy { sampleNames.contains($0 + "_total") }, "\(counters)")
        server.terminate()
        #expect(try await server.exitStatus() == 0)
    }

    @Test func eachRequestGetsAServerSpanWithItsRequestScopeUnderItAndARefusedReloadSpanCarriesItsFileAndLine() async throws {
        let collector = try TraceCollector()
        let apiKey = "k3y-" + UUID().uuidString
        let server = try LinksServerProcess(database: "unused", rate: 1_000_000, environment: "development",
                                            properties: ["tracing.endpoint": collector.endpoint, "tracing.api-key": apiKey])
        try await server.waitUntilServing()
        let requests = 20
        for index in 0..<requests {
            #expect(try await HTTP.request(server.baseURL + "/links", method: "POST", body: #"{"url": "https://swift.org/\#(index)"}"#)
                .status == 201)
        }
        let rateLine = try server.line(of: "rate.per-second")
        try server.setProperty("rate.per-second", to: "lots")

        var decoded: [String: Any] = [:]
        var spans: [[String: Any]] = []
        let deadline = ContinuousClock.now + .seconds(30)
        func attribute(_ span: [String: Any], _ key: String) -> Any? { (span["attributes"] as? [String: Any])?[key] }
        func isRefusal(_ span: [String: Any]) -> Bool {
            span["name"] as? String == "componentfactory.reload" && attribute(span, "componentfactory.outcome") as? String == "refused"
        }
        func isCreation(_ span: [String: Any]) -> Bool {
            span["kind"] as? String == "SPAN_KIND_SERVER" && span["name"] as? String == "/links"
                && attribute(span, "http.request.method") as? String == "POST"
        }
        while ContinuousClock.now < deadline {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otlp-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            var files: [String] = []
            for (index, export) in collector.received.enumerated() {
                let file = directory.appendingPathComponent("\(index).pb")
                try export.body.write(to: file)
                files.append(file.path)
            }
            decoded = try Python.run("otlp-spans.py", arguments: files)
            spans = decoded["spans"] as? [[String: Any]] ?? []
            if spans.count(where: isCreation) >= requests && spans.contains(where: isRefusal) { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        let creations = spans.filter(isCreation)
        #expect(creations.count == requests, "one server span per request: \(creations.count)")
        for creation in creations {
            let children = spans.filter { $0["parentSpanId"] as? String == creation["spanId"] as? String }
            #expect(children.map { $0["name"] as? String } == ["componentfactory.request_scope"]
                        && children.allSatisfy { $0["traceId"] as? String == creation["traceId"] as? String },
                    "the request scope's span under the request's: \(children)")
        }
        let resource = decoded["resource"] as? [String: Any] ?? [:]
        #expect(resource["service.name"] as? String == "links" && resource["service.version"] is String
                    && (resource["host.name"] as? String)?.isEmpty == false, "\(resource)")
        let refusal = try #require(spans.first(where: isRefusal), "\(spans.map { $0["name"] ?? "" })")
        #expect((attribute(refusal, "componentfactory.diagnostic.file") as? String)?.hasSuffix("Config/links.properties") == true
                    && attribute(refusal, "componentfactory.diagnostic.line") as? Int == rateLine
                    && attribute(refusal, "componentfactory.diagnostic.code") as? String == "conversion", "\(refusal)")
        #expect(attribute(refusal, "componentfactory.changed_keys") as? [String] == ["rate.per-second"], "an array: \(refusal)")
        server.terminate()
        #expect(try await server.exitStatus() == 0)
        let everything = String(decoding: try JSONSerialization.data(withJSONObject: decoded), as: UTF8.self) + server.logText
        #expect(!everything.contains(apiKey), "the API key is in a span or the log")
        print("traces: \(creations.count) server spans for \(requests) requests, each with its request scope's span; "
              + "\(spans.count) spans in all")
    }
}
