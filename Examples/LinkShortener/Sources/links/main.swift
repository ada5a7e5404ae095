import ComponentFactory
import ComponentFactoryLifecycle
import Foundation
import Links
import Logging
import ServiceLifecycle

// Serves the links of the environment COMPONENT_FACTORY_ENV names (development by default),
// from Assemblies/ and Config/ in the working directory. Environment variables override
// the .properties files: HTTP_PORT for http.port, DB_NAME for db.name, MANAGEMENT_PORT for
// management.port (the management port, off unless set). With --hand-wired,
// the routes make their objects by hand (the settings and the store still come from the
// assembly): what the requests-per-second benchmark compares the factory-wired routes with.
//
// ServiceProcess runs it all: SIGTERM or SIGINT at any moment (during the load, before the
// store is ready, during a reload) stops it within the grace period, and every failure ends
// as one logged line and an exit status: 0 stopped, 1 start-up failed, 3 a service failed,
// 4 the grace period ran out.
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}
let logger = Logger(label: "links")
let environment = ProcessInfo.processInfo.environment[Factory.environmentVariable] ?? "development"
let handWired = CommandLine.arguments.contains("--hand-wired")

let status = await ServiceProcess.run(logger: logger) {
    let live = try await LiveFactory.load(assemblies: ["Assemblies"], registry: LinksRegistry.make(),
                                          options: .init(config: "Config", environment: environment, useEnvironmentVariables: true,
                                                         logger: logger))
    let http = try live.factory.component(forKey: "http", as: HTTPSettings.self)
    let telemetry = try live.factory.component(forKey: "telemetry", as: Telemetry.self)
    // Hummingbird's HTTP metrics and request spans go where the factory's go.
    telemetry.bootstrapProcessWide()
    var configuration = try await live.serviceGroupConfiguration(logger: logger, pollingEvery: .seconds(1), observer: telemetry.observer)
    // The management port first, so that it answers 503 while the other services start, and stops last.
    if let management = try ManagementServer(settings: try live.factory.settings(ManagementSettings.self), live: live,
                                             telemetry: telemetry, logger: logger) {
        configuration.services.insert(ServiceGroupConfiguration.ServiceConfiguration(service: management), at: 0)
    } else {
        logger.info("links: no management port (management.port is not set)")
    }
    // `--hand-wired`: the same handlers with every object made by hand, for the benchmark.
    let router = handWired
        ? HandWiredServer.router(store: try await live.factory.async.component(forKey: "store", as: (any LinkStore).self),
                                 limit: try live.factory.component(forKey: "rateLimit", as: RateLimit.self),
                                 instances: InstanceCount())
        : try LinksServer.router(live: live)
    // Last, so that it stops first; followed, so that readiness waits until it listens.
    let server = HTTPServerService(router: router, host: http.host, port: http.port,
                                   banner: "links: listening on \(http.host):\(http.port) (\(environment))", logger: logger)
    configuration.services.append(live.followedService(server, key: "http", logger: logger, observer: telemetry.observer))
    return ServiceProcess.Started(configuration, factory: live) {
        try await live.shutdown()
        logger.info("links: stopped")
    }
}
exit(status.rawValue)
