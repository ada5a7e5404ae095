import ComponentFactory
import Foundation
import HTTPTypes
import Hummingbird

/// The management port's routes, each a path and what it answers now:
/// one table, so that GET, HEAD and the listing at `/factory` agree.
struct ManagementRoutes: Sendable {
    struct Route: Sendable {
        let path: String
        let summary: String
        let answer: @Sendable () throws -> Response
    }

    let all: [Route]

    init(live: LiveFactory, telemetry: Telemetry, values: FactoryInspection.Values) {
        var routes = [
            Route(path: "/factory/health/liveness", summary: "200 while the process can answer: the liveness probe") {
                try Self.json(Liveness(status: "UP"))
            },
            Route(path: "/factory/health/readiness",
                  summary: "200 when every service runs; 503 while one starts, from shutdown on, or after a failure: the readiness probe") {
                let inspection = live.inspection()
                let readiness = Readiness(inspection)
                return try Self.json(readiness, status: inspection.isReady ? .ok : .serviceUnavailable)
            },
            Route(path: "/factory/health", summary: "every service's state, and readiness") {
                let inspection = live.inspection()
                let health = Health(ready: inspection.isReady, generation: inspection.generation, shutdownBegan: inspection.shutdownBegan,
                                    services: inspection.services)
                return try Self.json(health, status: inspection.isReady ? .ok : .serviceUnavailable)
            },
            Route(path: "/factory/components", summary: "every component, with its file:line and dependencies") {
                try Self.json(live.inspection().components)
            },
            Route(path: "/factory/properties", summary: "every key in force, its value (secrets masked), its source and readers") {
                try Self.json(live.inspection(values: values).properties ?? [])
            },
            Route(path: "/factory/reloads", summary: "the last reloads, applied or refused, each change old → new") {
                try Self.json(live.inspection(values: values).reloads)
            },
            Route(path: "/factory/startup", summary: "the load's phases and each eager singleton's construction") {
                try Self.json(live.inspection().startup)
            },
            Route(path: "/metrics", summary: "the metrics, as Prometheus text") {
                Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                         body: ResponseBody(byteBuffer: ByteBuffer(bytes: telemetry.exposition())))
            },
        ]
        let listing = routes.map { Listing.Entry(path: $0.path, summary: $0.summary) }
        for path in ["/", "/factory"] {
            routes.insert(Route(path: path, summary: "these routes") { try Self.json(Listing(routes: listing)) }, at: 0)
        }
        all = routes
    }

    /// What the liveness probe answers.
    struct Liveness: Encodable {
        let status: String
    }

    /// What the readiness probe answers: `UP`, or `OUT_OF_SERVICE` with the
    /// services that keep it from being ready, each with its state and since when.
    struct Readiness: Encodable {
        let status: String
        let shutdownBegan: Date?
        let services: [FactoryInspection.Service]

        init(_ inspection: FactoryInspection) {
            status = inspection.isReady ? "UP" : "OUT_OF_SERVICE"
            shutdownBegan = inspection.shutdownBegan
            services = inspection.servicesNotReady
        }
    }

    /// What `/factory/health` answers.
    struct Health: Encodable {
        let ready: Bool
        let generation: Int?
        let shutdownBegan: Date?
        let services: [FactoryInspection.Service]
    }

    /// What `/factory` answers.
    struct Listing: Encodable {
        struct Entry: Encodable {
            let path: String
            let summary: String
        }

        let routes: [Entry]
    }

    /// `value` as JSON, its keys sorted, so that a diff of two answers shows what changed, and
    /// its times in ISO 8601 with milliseconds (`2026-11-28T14:10:34.512Z`).
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
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
