import ComponentFactory
import Logging
import ServiceLifecycle

/// A factory component run as a service: its own `run()`, then, once that
/// returns or throws, the component's destroy method, so that a service
/// group stopping services in reverse dependency order stops each one and
/// tears it down before it stops what the service needs. Its state is
/// noted in `states` as it goes, for the factory's inspection, and reported
/// to `observer`, when there is one.
struct FactoryService: Service, CustomStringConvertible {
    let key: String
    let service: any Service
    /// Takes the component out of its factory and runs its destroy method.
    let shutDown: @Sendable () async throws(DiagnosticReport) -> Void
    let logger: Logger?
    let states: ServiceStates
    let observer: (any FactoryObserver)?

    var description: String { key }

    func run() async throws {
        let outcome: Result<Void, any Error>
        do {
            try await withGracefulShutdownHandler {
                try await runNotingReadiness()
            } onGracefulShutdown: {
                note(.stopping)
            }
            outcome = .success(())
            note(.finished)
        } catch {
            outcome = .failure(error)
            note(.failed)
        }
        logger?.info("ComponentFactory: service '\(key)' stopped", metadata: ["component": .string(key)])
        do {
            try await shutDown()
        } catch {
            // The service's own error, if any, is what the group acts on.
            if case .success = outcome { throw ServiceFailure(key: key, cause: error) }
        }
        logger?.info("ComponentFactory: service '\(key)' shut down", metadata: ["component": .string(key)])
        if case .failure(let error) = outcome { throw ServiceFailure(key: key, cause: error) }
    }

    /// Runs the service, noted `running` as its `run()` begins, or, for a
    /// ``ReadinessReporting`` one, once it says it is ready.
    private func runNotingReadiness() async throws {
        guard let reporting = service as? any ReadinessReporting else {
            note(.running)
            try await service.run()
            return
        }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await reporting.run()
                return true
            }
            group.addTask {
                await reporting.waitUntilReady()
                return false
            }
            while let ranToItsEnd = try await group.next() {
                if ranToItsEnd {
                    group.cancelAll()
                    return
                }
                if !Task.isCancelled { note(.running, onlyAfter: .starting) }
            }
        }
    }

    /// Notes that the service is now in `state` (only if it is in `earlier`
    /// now, when given), and reports every service's.
    private func note(_ state: FactoryInspection.Service.State, onlyAfter earlier: FactoryInspection.Service.State? = nil) {
        guard states.note(key, state, onlyAfter: earlier) else { return }
        observer?.servicesChanged(states.all.services)
    }
}
