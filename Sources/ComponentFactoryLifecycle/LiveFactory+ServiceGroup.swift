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
    /// With an `observer`, it is told of the load at once, of each service's
    /// state as it changes, and of each reload as it ends (see ``FactoryObserver``).
    public func services(logger: Logger? = nil, pollingEvery interval: Duration = .seconds(2),
                         observer: (any FactoryObserver)? = nil) async throws(DiagnosticReport) -> [any Service] {
        try await serviceConfigurations(logger: logger, pollingEvery: interval, observer: observer).map(\.service)
    }

    /// A service group's configuration, as `Factory`'s
    /// `serviceGroupConfiguration(logger:gracefulShutdownSignals:cancellationSignals:observer:)`
    /// makes it, with the ``ConfigurationWatcher`` last: a graceful shutdown
    /// stops watching first, then the services in reverse dependency order.
    /// With an `observer`, it is told of the load at once, of each service's
    /// state as it changes, and of each reload as it ends (see ``FactoryObserver``).
    ///
    /// ```swift
    /// let group = ServiceGroup(configuration: try await live.serviceGroupConfiguration(logger: logger))
    /// try await group.run()
    /// try await live.shutdown()
    /// ```
    public func serviceGroupConfiguration(
        logger: Logger, pollingEvery interval: Duration = .seconds(2), gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
        cancellationSignals: [UnixSignal] = [], observer: (any FactoryObserver)? = nil
    ) async throws(DiagnosticReport) -> ServiceGroupConfiguration {
        factory.groupConfiguration(try await serviceConfigurations(logger: logger, pollingEvery: interval, observer: observer), logger: logger,
                                   gracefulShutdownSignals: gracefulShutdownSignals, cancellationSignals: cancellationSignals)
    }

    private func serviceConfigurations(logger: Logger?, pollingEvery interval: Duration, observer: (any FactoryObserver)?)
        async throws(DiagnosticReport) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        if let observer, let startup = inspectedStartup { observer.loaded(startup, environment: factory.environment) }
        let services = try await factory.serviceConfigurations(
            logger: logger, states: serviceStates, observer: observer,
            shutDown: { key in { () async throws(DiagnosticReport) in try await self.shutDown(key) } })
        let watcher = ConfigurationWatcher(live: self, pollingEvery: interval)
        var observing: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let observer {
            observing.append(ServiceGroupConfiguration.ServiceConfiguration(
                service: ReloadObserving(live: self, observer: observer), successTerminationBehavior: .ignore,
                failureTerminationBehavior: .ignore, serviceName: "reload-observer"))
        }
        return services + observing + [ServiceGroupConfiguration.ServiceConfiguration(
            service: watcher, successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore,
            serviceName: "configuration-watcher")]
    }
}
