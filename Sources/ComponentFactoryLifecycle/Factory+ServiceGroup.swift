import ComponentFactory
import Logging
import ServiceLifecycle
import UnixSignals

extension Factory {
    /// The factory's services, in dependency order, each run by a wrapper
    /// that runs the component's destroy method once its `run()` returns:
    /// for an app that hands its services to something else, such as
    /// Hummingbird's `Application(router:services:)`.
    ///
    /// A factory's services are its singletons whose type is a `Service`
    /// (with ``ComponentFactory/ComponentRegistry/recognizeServices()`` on
    /// the registry) or that the assembly marks `service="yes"`. Each is
    /// built here if it is not yet, awaiting what suspends. A marked
    /// component whose instance is not a `Service` is `not-a-service`.
    ///
    /// With an `observer`, it is told of the load at once, and of each
    /// service's state as it changes (see ``FactoryObserver``).
    ///
    /// ```swift
    /// let app = Application(router: router, services: try await factory.services(logger: logger))
    /// ```
    public func services(logger: Logger? = nil, observer: (any FactoryObserver)? = nil) async throws(DiagnosticReport) -> [any Service] {
        try await serviceConfigurations(logger: logger, observer: observer,
                                        shutDown: { key in { () async throws(DiagnosticReport) in try await self.async.shutDown(key) } })
            .map(\.service)
    }

    /// A service group's configuration for the factory's services (see
    /// ``services(logger:observer:)``), in dependency order, so that a graceful
    /// shutdown stops them in reverse: what the assembly says each does when
    /// its `run()` returns or throws (`service-finished`, `service-failed`),
    /// and `<service-group>`'s bounds on graceful shutdown and cancellation.
    /// `SIGTERM` and `SIGINT` shut down gracefully unless other signals are given.
    /// With an `observer`, it is told of the load at once, and of each
    /// service's state as it changes (see ``FactoryObserver``).
    ///
    /// ```swift
    /// let group = ServiceGroup(configuration: try await factory.serviceGroupConfiguration(logger: logger))
    /// try await group.run()
    /// try await factory.async.shutdown()
    /// ```
    public func serviceGroupConfiguration(
        logger: Logger, gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint], cancellationSignals: [UnixSignal] = [],
        observer: (any FactoryObserver)? = nil
    ) async throws(DiagnosticReport) -> ServiceGroupConfiguration {
        let services = try await serviceConfigurations(
            logger: logger, observer: observer,
            shutDown: { key in { () async throws(DiagnosticReport) in try await self.async.shutDown(key) } })
        return groupConfiguration(services, logger: logger, gracefulShutdownSignals: gracefulShutdownSignals,
                                  cancellationSignals: cancellationSignals)
    }

    /// A group's configuration of `services`, with the signals and `<service-group>`'s bounds.
    func groupConfiguration(_ services: [ServiceGroupConfiguration.ServiceConfiguration], logger: Logger,
                            gracefulShutdownSignals: [UnixSignal], cancellationSignals: [UnixSignal]) -> ServiceGroupConfiguration {
        var configuration = ServiceGroupConfiguration(services: services, gracefulShutdownSignals: gracefulShutdownSignals,
                                                      cancellationSignals: cancellationSignals, logger: logger)
        configuration.maximumGracefulShutdownDuration = serviceTable.gracefulShutdownTimeout
        configuration.maximumCancellationDuration = serviceTable.cancellationTimeout
        return configuration
    }

    /// The factory's own services' configurations, their states noted in its own ``ServiceStates``.
    func serviceConfigurations(
        logger: Logger?, observer: (any FactoryObserver)?, shutDown: (String) -> @Sendable () async throws(DiagnosticReport) -> Void
    ) async throws(DiagnosticReport) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        if let observer, let startup = inspectedStartup { observer.loaded(startup, environment: environment) }
        return try await serviceConfigurations(logger: logger, states: serviceStates, observer: observer, shutDown: shutDown)
    }

    /// The services' configurations, each destroyed by `shutDown`'s closure
    /// for its key once its `run()` returns, and its state noted in `states`
    /// (`starting` from here) and told to `observer`.
    func serviceConfigurations(
        logger: Logger?, states: ServiceStates, observer: (any FactoryObserver)?,
        shutDown: (String) -> @Sendable () async throws(DiagnosticReport) -> Void
    ) async throws(DiagnosticReport) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        var configurations: [ServiceGroupConfiguration.ServiceConfiguration] = []
        var problems: [Diagnostic] = []
        for entry in services(recognizedBy: { $0 is any Service.Type }) {
            let instance = try await async.component(forKey: entry.key)
            guard let service = instance as? any Service else {
                problems.append(Diagnostic(.notAService, "component '\(entry.key)' is marked service=\"yes\", but "
                                               + "\(type(of: instance)) is not a Service", at: entry.location))
                continue
            }
            states.note(entry.key, .starting)
            configurations.append(ServiceGroupConfiguration.ServiceConfiguration(
                service: FactoryService(key: entry.key, service: service, shutDown: shutDown(entry.key), logger: logger, states: states,
                                        observer: observer),
                successTerminationBehavior: Self.behavior(entry.role.whenFinished),
                failureTerminationBehavior: Self.behavior(entry.role.whenFailed), serviceName: entry.key))
        }
        if !problems.isEmpty { throw DiagnosticReport(problems) }
        observer?.servicesChanged(states.all.services)
        return configurations
    }

    private static func behavior(_ termination: ServiceTable.Termination)
        -> ServiceGroupConfiguration.ServiceConfiguration.TerminationBehavior {
        switch termination {
        case .cancelGroup: .cancelGroup
        case .shutdownGroup: .gracefullyShutdownGroup
        case .ignore: .ignore
        }
    }
}
