import ComponentFactory

/// Told what a factory does while a service group runs its services: the
/// load that built it, each reload of a live factory, and each change of a
/// service's state. For a metrics or tracing backend; the
/// `ComponentFactoryObservability` package's `FactoryTelemetry` reports
/// them through swift-metrics and swift-distributed-tracing.
///
/// Give one to a group's configuration:
///
/// ```swift
/// let group = ServiceGroup(configuration: try await live.serviceGroupConfiguration(logger: logger, observer: FactoryTelemetry()))
/// ```
///
/// Each call comes from the task that did the work, as it ends: keep each one short.
public protocol FactoryObserver: Sendable {
    /// The load that built the factory (for a live factory, generation 1):
    /// once, when its services are handed to a group.
    func loaded(_ startup: FactoryInspection.Startup, environment: String?)
    /// One reload of a live factory, as it ended.
    func reloaded(_ reload: ReloadEvent)
    /// Every service's state, each time one changes.
    func servicesChanged(_ services: [FactoryInspection.Service])
}
