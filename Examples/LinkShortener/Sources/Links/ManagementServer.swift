import ComponentFactory
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Prometheus
import ServiceLifecycle

/// The management port: what the live factory says of itself, and the
/// Prometheus metrics, on 127.0.0.1 only, apart from the links' port. Each
/// route answers JSON from ``ComponentFactory/LiveFactory/inspection()``,
/// taken at that moment:
///
/// - `GET /factory/components`: every component, with its file:line and dependencies;
/// - `GET /factory/properties`: every key in force, with its value (secrets
///   masked), where it came from, and what reads it;
/// - `GET /factory/reloads`: the last reloads, applied or refused;
/// - `GET /factory/startup`: the load's phases and each eager singleton's construction;
/// - `GET /factory/health`: 200 once every service has started, 503 before;
/// - `GET /metrics`: the factory's metrics, as Prometheus text.
public struct ManagementServer: Service {
    /// Only loopback: the inspection names every component and setting.
    public static let host = "127.0.0.1"

    private let app: Application<RouterResponder<BasicRequestContext>>
    private let logger: Logger

    /// The server `settings` ask for, or nil when `management.port` is not set.
    public init?(settings: ManagementSettings, live: LiveFactory, telemetry: Telemetry, logger: Logger) {
        guard let port = settings.port else { return nil }
        self.logger = logger
        app = Application(router: Self.router(live: live, registry: telemetry.registry),
                          configuration: ApplicationConfiguration(address: .hostname(Self.host, port: port), serverName: "links-management"),
                          onServerRunning: { _ in logger.info("links: management port listening on \(Self.host):\(port)") },
                          logger: logger)
    }

    public func run() async throws {
        try await app.run()
        logger.info("links: management port closed")
    }

    /// The routes over `live`, with `/metrics` rendered from `registry`.
    public static func router(live: LiveFactory, registry: PrometheusCollectorRegistry) -> Router<BasicRequestContext> {
        let router = Router()
        router.get("factory/components") { _, _ in try json(live.inspection().components) }
        router.get("factory/properties") { _, _ in try json(live.inspection().properties ?? []) }
        router.get("factory/reloads") { _, _ in try json(live.inspection().reloads) }
        router.get("factory/startup") { _, _ in try json(live.inspection().startup) }
        router.get("factory/health") { _, _ in
            let inspection = live.inspection()
            let health = Health(ready: inspection.isReady, generation: inspection.generation, services: inspection.services)
            return try json(health, status: inspection.isReady ? .ok : .serviceUnavailable)
        }
        router.get("metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
        return router
    }

    /// What `/factory/health` answers.
    struct Health: Encodable {
        let ready: Bool
        let generation: Int?
        let services: [FactoryInspection.Service]
    }

    /// `value` as JSON, its keys sorted, so that a diff of two answers shows what changed, and
    /// its times in ISO 8601 with milliseconds (`2026-11-28T14:10:34.512Z`).
    private static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date))
        }
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}
