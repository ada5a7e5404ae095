import ComponentFactory
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServiceLifecycle

/// The management port: what the live factory says of itself, the probes
/// Kubernetes asks, and the Prometheus metrics, apart from the links' port.
/// Each factory route answers JSON from ``ComponentFactory/LiveFactory/inspection()``,
/// taken at that moment; every GET route answers HEAD too.
///
/// - `GET /` and `GET /factory`: the routes;
/// - `GET /factory/health/liveness`: 200 while the process can answer at all (Spring Boot's liveness);
/// - `GET /factory/health/readiness`: 200 when every service is running, 503 while one
///   is starting, from the moment shutdown begins, and after one has failed, naming
///   each such service with its state and since when (Spring Boot's readiness);
/// - `GET /factory/health`: the services' states and readiness together;
/// - `GET /factory/components`: every component, with its file:line and dependencies;
/// - `GET /factory/properties`: every key in force, with its value (secrets
///   masked), where it came from, and what reads it;
/// - `GET /factory/reloads`: the last reloads, applied or refused;
/// - `GET /factory/startup`: the load's phases and each eager singleton's construction;
/// - `GET /metrics`: the metrics, as Prometheus text.
///
/// It binds to `management.host`, loopback by default. On any other address,
/// every route but the two probes wants `Authorization: Bearer` with
/// `management.token`, and answers 401 without it.
public struct ManagementServer: Service {
    /// The probes: open on any address, as the kubelet asks them with no token.
    static let probes = ["/factory/health/liveness", "/factory/health/readiness"]

    private let app: Application<RouterResponder<BasicRequestContext>>
    private let logger: Logger

    /// The server `settings` ask for, or nil when `management.port` is not set.
    /// Throws when the host is not loopback and no token is set.
    public init?(settings: ManagementSettings, live: LiveFactory, telemetry: Telemetry, logger: Logger) throws {
        guard let port = settings.port else { return nil }
        let token = settings.isLoopback ? nil : settings.token
        if !settings.isLoopback, token?.isEmpty ?? true { throw ManagementTokenMissing(host: settings.host) }
        self.logger = logger
        let host = settings.host
        app = Application(router: Self.router(live: live, telemetry: telemetry, token: token, values: settings.values),
                          configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "links-management"),
                          onServerRunning: { _ in
                              logger.info("links: management port listening on \(host):\(port)\(token == nil ? "" : ", routes but the probes behind the token")")
                          },
                          logger: logger)
    }

    public func run() async throws {
        try await app.run()
        logger.info("links: management port closed")
    }

    /// The routes over `live`, with `/metrics` rendered by `telemetry`; with
    /// a `token`, every route but the probes wants it as a bearer token;
    /// `values` says whether the configuration's values show.
    public static func router(live: LiveFactory, telemetry: Telemetry, token: String? = nil,
                              values: FactoryInspection.Values = .shown) -> Router<BasicRequestContext> {
        let router = Router()
        if let token { router.add(middleware: BearerTokenMiddleware(token: token, open: Set(probes))) }
        let routes = ManagementRoutes(live: live, telemetry: telemetry, values: values)
        for route in routes.all {
            router.get(RouterPath(route.path)) { _, _ in try route.answer() }
            router.on(RouterPath(route.path), method: .head) { _, _ in
                let full = try route.answer()
                return Response(status: full.status, headers: full.headers)
            }
        }
        return router
    }
}

/// Why the management port would not start: off loopback with no token.
struct ManagementTokenMissing: Error, CustomStringConvertible {
    let host: String
    var description: String {
        "management.host is \(host), not loopback: set management.token (a secret), which every route but the probes will want"
    }
}
