import ComponentFactory
import ComponentFactoryLifecycle
import Foundation
import Hummingbird
import Links
import Logging
import ServiceLifecycle

// Serves the links of the environment COMPONENT_FACTORY_ENV names (development by default),
// from Assemblies/ and Config/ in the working directory. Environment variables override
// the .properties files: HTTP_PORT for http.port, DB_NAME for db.name, MANAGEMENT_PORT for
// management.port (the management port, off unless set). With --hand-wired,
// the routes make their objects by hand (the settings and the store still come from the
// assembly): what the requests-per-second benchmark compares the factory-wired routes with.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}
let logger = Logger(label: "links")
let environment = ProcessInfo.processInfo.environment[Factory.environmentVariable] ?? "development"

do {
    let live = try await LiveFactory.load(assemblies: ["Assemblies"], registry: LinksRegistry.make(),
                                          options: .init(config: "Config", environment: environment, useEnvironmentVariables: true,
                                                         logger: logger))
    let http = try live.factory.component(forKey: "http", as: HTTPSettings.self)
    let telemetry = try live.factory.component(forKey: "telemetry", as: Telemetry.self)
    var configuration = try await live.serviceGroupConfiguration(logger: logger, pollingEvery: .seconds(1), observer: telemetry.observer)
    // The management port first, so that it answers 503 while the other services start, and stops last.
    if let management = ManagementServer(settings: try live.factory.settings(ManagementSettings.self), live: live,
                                         telemetry: telemetry, logger: logger) {
        configuration.services.insert(ServiceGroupConfiguration.ServiceConfiguration(service: management), at: 0)
    } else {
        logger.info("links: no management port (management.port is not set)")
    }
    // `--hand-wired`: the same handlers with every object made by hand, for the benchmark.
    let router = CommandLine.arguments.contains("--hand-wired")
        ? HandWiredServer.router(store: try await live.factory.async.component(forKey: "store", as: (any LinkStore).self),
                                 limit: try live.factory.component(forKey: "rateLimit", as: RateLimit.self),
                                 instances: InstanceCount())
        : try LinksServer.router(live: live)
    let app = Application(router: router,
                          configuration: ApplicationConfiguration(address: .hostname(http.host, port: http.port)),
                          onServerRunning: { _ in logger.info("links: listening on \(http.host):\(http.port) (\(environment))") },
                          logger: logger)
    configuration.services.append(ServiceGroupConfiguration.ServiceConfiguration(service: HTTPServerService(app, logger: logger)))
    try await ServiceGroup(configuration: configuration).run()
    try await live.shutdown()
    logger.info("links: stopped")
} catch let report as DiagnosticReport {
    FileHandle.standardError.write(Data((report.description + "\n").utf8))
    exit(1)
}
