import Foundation

/// What a running factory says of itself, at one moment: every component,
/// the properties in force, how its load went, its services' states, and
/// for a ``LiveFactory`` the generation serving and its last reloads. Plain
/// values, `Codable` and `Sendable`, for an app to serve or log: taking one
/// builds nothing and changes nothing. See <doc:InspectingARunningFactory>.
///
/// ```swift
/// let inspection = live.inspection()
/// let body = try JSONEncoder().encode(inspection.components)   // GET /factory/components
/// inspection.reloads.last?.outcome                               // .refused
/// ```
public struct FactoryInspection: Sendable, Codable, Hashable {
    /// The environment the factory was loaded for; nil when it was loaded for none.
    public let environment: String?
    /// The generation serving, 1 for the graph a live factory built at
    /// load and one more at each swap; nil when taken of a ``Factory``
    /// (``LiveFactory/inspection(values:)`` gives a live factory's).
    public let generation: Int?
    /// Every component, in definition order.
    public let components: [FactoryInspection.Component]
    /// Every key in force in the environment, sorted by its bytes, with its
    /// value (secrets masked), where it came from and what reads it; nil for
    /// a factory that was not loaded from a configuration (one made by a tool from plans alone).
    public let properties: [FactoryInspection.Property]?
    /// How the load went: its phases and each eager singleton's
    /// construction (for a live factory, the load that built generation 1);
    /// nil for a factory made from assemblies and a configuration already in hand, which times no load.
    public let startup: FactoryInspection.Startup?
    /// A live factory's last reloads, oldest first, at most
    /// ``LiveFactory/reloadsKept``; empty for a plain factory.
    public let reloads: [FactoryInspection.Reload]
    /// The services handed to a service group by the lifecycle product
    /// (`ComponentFactoryLifecycle`), in dependency order, each with its state.
    public let services: [FactoryInspection.Service]
    /// When shutdown began: the first service was asked to stop, or the
    /// process was told to stop; nil while it has not.
    public let shutdownBegan: Date?

    /// Whether the factory's services are ready for work, with a readiness
    /// probe's meaning: shutdown has not begun, and every service handed to
    /// a service group has started (its `run()` has begun, and one that
    /// reports its readiness has said it is ready) and has not failed. True
    /// when none has been handed to one.
    public var isReady: Bool { shutdownBegan == nil && servicesNotReady.isEmpty }

    /// What an inspection shows of the configuration's values: in
    /// ``FactoryInspection/properties`` and in each reload's changes.
    public enum Values: String, Sendable, Codable, CaseIterable {
        /// Every value, secrets masked.
        case shown
        /// Every value masked: the keys, their sources and their readers only.
        case masked
    }

    /// The services that keep the factory from being ready: starting, stopping or failed.
    public var servicesNotReady: [FactoryInspection.Service] {
        services.filter { $0.state == .starting || $0.state == .stopping || $0.state == .failed }
    }
}
