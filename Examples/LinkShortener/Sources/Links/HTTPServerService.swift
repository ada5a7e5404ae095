import ComponentFactoryLifecycle
import Hummingbird
import Logging
import ServiceLifecycle

/// The Hummingbird application as the last service of the group, so that a
/// graceful shutdown stops it first: it stops accepting, finishes the
/// requests in flight (each flushing its audit record), and says so.
///
/// It reports its readiness: ready once it listens, so that the readiness
/// probe waits for it, as it waits for the factory's own services
/// (the live factory's `followedService(_:key:logger:)` hands it to the group).
public struct HTTPServerService: Service, ReadinessReporting {
    private let app: Application<RouterResponder<BasicRequestContext>>
    private let logger: Logger
    private let listening: Gate

    /// Serves `router` on `host`:`port`, logging `banner` once it listens.
    public init(router: Router<BasicRequestContext>, host: String, port: Int, banner: String, logger: Logger) {
        let listening = Gate()
        self.listening = listening
        app = Application(router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
                          onServerRunning: { _ in
                              listening.open()
                              logger.info("\(banner)")
                          },
                          logger: logger)
        self.logger = logger
    }

    public func run() async throws {
        try await app.run()
        logger.info("links: HTTP server stopped: no longer accepting, requests in flight answered")
    }

    public func waitUntilReady() async {
        await listening.wait()
    }
}
