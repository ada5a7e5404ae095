/// What the assemblies say of running the factory's components as
/// services: each plan's service attributes, and the service group's
/// bounds. The lifecycle product reads it; the core runs no service.
package struct ServiceTable: Sendable {
    /// What a service group does when a service's `run()` ends.
    package enum Termination: String, Sendable, CaseIterable {
        case cancelGroup = "cancel-group"
        case shutdownGroup = "shutdown-group"
        case ignore
    }

    /// One component's service attributes, resolved.
    package struct Role: Sendable {
        /// `service="yes"`: run it though its type is not declared a service.
        package var isMarked: Bool
        package var whenFinished: Termination
        package var whenFailed: Termination
    }

    /// By plan index; a component with no service attribute has none (and the defaults).
    package var roles: [Int: Role] = [:]
    /// `<service-group graceful-shutdown-timeout=>`; nil: no bound.
    package var gracefulShutdownTimeout: Duration?
    /// `<service-group cancellation-timeout=>`; nil: no bound.
    package var cancellationTimeout: Duration?

    package init() {}

    /// The role of the plan at `index`: its attributes, or the defaults (not marked, `cancel-group` both ways).
    package func role(of index: Int) -> Role {
        roles[index] ?? Role(isMarked: false, whenFinished: .cancelGroup, whenFailed: .cancelGroup)
    }
}
