import SystemSupport

/// The state of each service of a factory (or a live factory), in the
/// order they were handed to a service group: what the lifecycle product
/// notes as it runs them, and an inspection reads.
package final class ServiceStates: Sendable {
    private let states = Locked<[(key: String, state: Factory.ServiceState)]>([])

    package init() {}

    /// Notes that the service `key` is now in `state`: a new one is added at the end.
    package func note(_ key: String, _ state: Factory.ServiceState) {
        states.withLock { states in
            if let position = states.firstIndex(where: { $0.key == key }) {
                states[position].state = state
            } else {
                states.append((key, state))
            }
        }
    }

    /// Every service noted, in order, with its state now.
    package var all: [(key: String, state: Factory.ServiceState)] {
        states.withLock { $0 }
    }
}
