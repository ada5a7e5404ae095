import ComponentFactory
import Logging
import ServiceLifecycle

extension LiveFactory {
    /// The app's own `service`, such as its HTTP server, run beside the
    /// factory's services and followed as they are: its state, under `key`,
    /// is in the inspection's `services`, so readiness waits for it (one that
    /// is ``ReadinessReporting`` until it says it is ready) and fails from
    /// the moment it is asked to stop. By default, its `run()` returning or
    /// throwing shuts the group down gracefully.
    ///
    /// ```swift
    /// configuration.services.append(live.followedService(HTTPServerService(app), key: "http", logger: logger))
    /// ```
    public func followedService(
        _ service: any Service, key: String, logger: Logger? = nil, observer: (any FactoryObserver)? = nil,
        successTerminationBehavior: ServiceGroupConfiguration.ServiceConfiguration.TerminationBehavior = .gracefullyShutdownGroup,
        failureTerminationBehavior: ServiceGroupConfiguration.ServiceConfiguration.TerminationBehavior = .gracefullyShutdownGroup
    ) -> ServiceGroupConfiguration.ServiceConfiguration {
        serviceStates.note(key, .starting)
        return ServiceGroupConfiguration.ServiceConfiguration(
            service: FactoryService(key: key, service: service, shutDown: {}, logger: logger, states: serviceStates, observer: observer),
            successTerminationBehavior: successTerminationBehavior, failureTerminationBehavior: failureTerminationBehavior,
            serviceName: key)
    }
}
