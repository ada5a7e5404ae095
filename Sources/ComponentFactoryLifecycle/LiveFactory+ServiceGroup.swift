import ComponentFactory
import Logging
import ServiceLifecycle
import UnixSignals

extension LiveFactory {
    /// The services of the graph built at load, as `Factory`'s
    /// `services(logger:)` gives them, then the ``ConfigurationWatcher``
    /// that reloads the factory on a change: for Hummingbird's
    /// `Application(router:services:)`. A service's destroy method runs
    /// once its `run()` returns.
    ///
    /// ```swift
    /// let app = Application(router: router, services: try await live.services(logger: logger))
    /// ```
    ///
    /// With `telemetry`, the load is reported at once, each service's state
    /// as it changes, and each reload as it ends (see ``FactoryTelemetry``).
    public func services(logger: Logger? = nil, pollingEvery interval: Duration = .seconds(2),
                         telemetry: FactoryTelemetry? = nil) async throws(DiagnosticReport) -> [any Service] {
        try await serviceConfigurations(logger: logger, pollingEvery: interval, telemetry: telemetry).map(\.service)
    }

    /// A service group's configuration, as `Factory`'s
    /// `serviceGroupConfiguration(logger:gracefulShutdownSignals:cancellationSignals:telemetry:)`
    /// makes it, with the ``ConfigurationWatcher`` last: a graceful shutdown
    /// stops watching first, then the services in reverse dependency order.
    /// With `telemetry`, the load is reported at once, each service's state
    /// as it changes, and each reload as it ends (see ``FactoryTelemetry``).
    ///
    /// ```swift
    /// let group = ServiceGroup(configuration: try await live.serviceGroupConfiguration(logger: logger))
    /// try await group.run()
    /// try await live.shutdown()
    /// ```
    public func serviceGroupConfiguration(
        logger: Logger, pollingEvery interval: Duration = .seconds(2), gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
        cancellationSignals: [UnixSignal] = [], telemetry: FactoryTelemetry? = nil
    ) async throws(DiagnosticReport) -> ServiceGroupConfiguration {
        factory.groupConfiguration(try await serviceConfigurations(logger: logger, pollingEvery: interval, telemetry: telemetry), logger: logger,
                                   gracefulShutdownSignals: gracefulShutdownSignals, cancellationSignals: cancellationSignals)
    }

    private func serviceConfigurations(logger: Logger?, pollingEvery interval: Duration, telemetry: FactoryTelemetry?)
        async throws(DiagnosticReport) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        if let telemetry, let startup = inspectedStartup { telemetry.recordLoad(startup, environment: factory.environment) }
        let services = try await factory.serviceConfigurations(
            logger: logger, states: serviceStates, telemetry: telemetry,
            shutDown: { key in { () async throws(DiagnosticReport) in try await self.shutDown(key) } })
        let watcher = ConfigurationWatcher(live: self, pollingEvery: interval)
        var reporters: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let telemetry {
            reporters.append(ServiceGroupConfiguration.ServiceConfiguration(
                service: ReloadReporter(live: self, telemetry: telemetry), successTerminationBehavior: .ignore,
                failureTerminationBehavior: .ignore, serviceName: "reload-reporter"))
        }
        return services + reporters + [ServiceGroupConfiguration.ServiceConfiguration(
            service: watcher, successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore,
            serviceName: "configuration-watcher")]
    }
}
