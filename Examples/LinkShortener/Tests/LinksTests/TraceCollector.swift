import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization

/// An OTLP/HTTP collector for a test, on a free loopback port: it answers
/// every export with 200 and keeps what it was sent.
final class TraceCollector: Sendable {
    struct Export: Sendable {
        let path: String
        let headers: [String: String]
        let body: Data
    }

    /// What was sent, shared with the route that records it.
    private final class Exports: Sendable {
        let list = Mutex<[Export]>([])
    }

    let port: Int
    private let exports = Exports()
    private let running: Task<Void, any Error>

    init() throws {
        let port = try LinksServerProcess.freePort()
        self.port = port
        let received = exports
        let router = Router()
        router.post("v1/traces") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            received.list.withLock { $0.append(Export(path: request.uri.path, headers: headers, body: Data(buffer: body))) }
            return Response(status: .ok, headers: [.contentType: "application/x-protobuf"])
        }
        var logger = Logger(label: "links.tests.collector")
        logger.logLevel = .warning
        let app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)),
                              logger: logger)
        running = Task { try await app.runService(gracefulShutdownSignals: []) }
    }

    deinit { running.cancel() }

    var endpoint: String { "http://127.0.0.1:\(port)/v1/traces" }

    /// What was sent so far.
    var received: [Export] { exports.list.withLock { $0 } }

    /// Waits until some export's body holds `text` (a span's name is plain UTF-8 in OTLP's protobuf), at most 30 s.
    func waitForSpan(named text: String) async throws -> Export {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            if let export = received.first(where: { $0.body.range(of: Data(text.utf8)) != nil }) { return export }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ServerFailure("no span '\(text)' reached the collector within 30 s; \(received.count) exports came")
    }
}
