import SystemSupport

/// The state of each service of a factory (or a live factory), in the
/// order they were handed to a service group: what the lifecycle product
/// notes as it runs them, and an inspection reads.
package final class ServiceStates: Sendable {
    private let states = Locked<[(key: String, state: Factory.ServiceState)]>([])

    package init() {}

    /// Notes that the service `key` is now in `state`, a new one added at
    /// the end; with `earlier`, only if it is in that state now. Whether it did.
    @discardableResult
    package func note(_ key: String, _ state: Factory.ServiceState, onlyAfter earlier: Factory.ServiceState? = nil) -> Bool {
        states.withLock { states in
            guard let position = states.firstIndex(where: { $0.key == key }) else {
                guard earlier == nil else { return false }
                states.append((key, state))
                return true
            }
            guard earlier == nil || states[position].state == earlier else { return false }
            states[position].state = state
            return true
        }
    }

    /// Every service noted, in order, with its state now, as an inspection gives them.
    package var all: [FactoryInspection.Service] {
        states.withLock { $0.map { FactoryInspection.Service(key: $0.key, state: $0.state) } }
    }
}
