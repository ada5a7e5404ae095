import ComponentFactory
import Logging
import ServiceLifecycle

/// A factory component run as a service: its own `run()`, then, once that
/// returns or throws, the component's destroy method, so that a service
/// group stopping services in reverse dependency order stops each one and
/// tears it down before it stops what the service needs. Its state is
/// noted in `states` as it goes, for the factory's inspection.
struct FactoryService: Service, CustomStringConvertible {
    let key: String
    let service: any Service
    /// Takes the component out of its factory and runs its destroy method.
    let shutDown: @Sendable () async throws(DiagnosticReport) -> Void
    let logger: Logger?
    let states: ServiceStates

    var description: String { key }

    func run() async throws {
        let outcome: Result<Void, any Error>
        states.note(key, .running)
        do {
            try await withGracefulShutdownHandler {
                try await service.run()
            } onGracefulShutdown: { [states, key] in
                states.note(key, .stopping)
            }
            outcome = .success(())
            states.note(key, .finished)
        } catch {
            outcome = .failure(error)
            states.note(key, .failed)
        }
        logger?.info("ComponentFactory: service '\(key)' stopped", metadata: ["component": .string(key)])
        do {
            try await shutDown()
        } catch {
            // The service's own error, if any, is what the group acts on.
            if case .success = outcome { throw error }
        }
        logger?.info("ComponentFactory: service '\(key)' shut down", metadata: ["component": .string(key)])
        try outcome.get()
    }
}
