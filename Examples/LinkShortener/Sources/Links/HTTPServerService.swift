import Hummingbird
import Logging
import ServiceLifecycle

/// The Hummingbird application as the last service of the group, so that a
/// graceful shutdown stops it first: it stops accepting, finishes the
/// requests in flight (each flushing its audit record), and says so.
public struct HTTPServerService<App: ApplicationProtocol>: Service {
    private let app: App
    private let logger: Logger

    public init(_ app: App, logger: Logger) {
        self.app = app
        self.logger = logger
    }

    public func run() async throws {
        try await app.run()
        logger.info("links: HTTP server stopped: no longer accepting, requests in flight answered")
    }
}
