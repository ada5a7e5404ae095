import ServiceLifecycle

/// A service that takes a while, once its `run()` has begun, before it
/// serves: a pool that connects, tables that are made, a cache that warms.
/// Until ``waitUntilReady()`` returns, the factory's inspection shows it
/// `starting`, and `FactoryInspection.isReady` is false,
/// so a readiness probe answers "not yet" while it starts.
///
/// ```swift
/// final class Store: Service, ReadinessReporting {
///     private let tablesMade = Gate()
///     func run() async throws {
///         try await makeTables()
///         tablesMade.open()
///         try await gracefulShutdown()
///     }
///     func waitUntilReady() async { await tablesMade.wait() }
/// }
/// ```
///
/// A service that is not one of these is `running` as soon as its `run()` begins.
public protocol ReadinessReporting: Service {
    /// Returns once the service is ready for work. It is called beside
    /// `run()`, in a task that is cancelled when `run()` returns or throws
    /// first: it must then return soon, ready or not.
    func waitUntilReady() async
}
