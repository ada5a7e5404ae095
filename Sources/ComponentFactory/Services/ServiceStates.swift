import Foundation
import SystemSupport

/// The state of each service of a factory (or a live factory), in the
/// order they were handed to a service group, each with the moment it
/// entered that state, and the moment shutdown began: what the lifecycle
/// product notes as it runs them, and an inspection reads.
///
/// Shutdown begins when the first service is asked to stop, or when the
/// process is told to stop before any is (``noteShutdownBegan()``); it never ends.
package final class ServiceStates: Sendable {
    private struct Entry {
        let key: String
        var state: FactoryInspection.Service.State
        var since: Date
    }

    private let states = Locked<(entries: [Entry], shutdownBegan: Date?)>(([], nil))

    package init() {}

    /// Notes that the service `key` is now in `state`, a new one added at
    /// the end; with `earlier`, only if it is in that state now. Whether it did.
    @discardableResult
    package func note(_ key: String, _ state: FactoryInspection.Service.State, onlyAfter earlier: FactoryInspection.Service.State? = nil) -> Bool {
        let now = Date()
        return states.withLock { states in
            if state == .stopping, states.shutdownBegan == nil { states.shutdownBegan = now }
            guard let position = states.entries.firstIndex(where: { $0.key == key }) else {
                guard earlier == nil else { return false }
                states.entries.append(Entry(key: key, state: state, since: now))
                return true
            }
            guard earlier == nil || states.entries[position].state == earlier else { return false }
            if states.entries[position].state != state { states.entries[position].since = now }
            states.entries[position].state = state
            return true
        }
    }

    /// Notes that shutdown has begun, if it had not: the process was told to stop.
    package func noteShutdownBegan() {
        let now = Date()
        states.withLock { states in
            if states.shutdownBegan == nil { states.shutdownBegan = now }
        }
    }

    /// Every service noted, in order, with its state now, and when shutdown began (nil: it has not).
    package var all: (services: [FactoryInspection.Service], shutdownBegan: Date?) {
        states.withLock { states in
            (states.entries.map { FactoryInspection.Service(key: $0.key, state: $0.state, since: $0.since) }, states.shutdownBegan)
        }
    }
}
