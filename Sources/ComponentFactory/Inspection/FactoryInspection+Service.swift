import Foundation

extension FactoryInspection {
    /// One of a factory's services, as a ``FactoryInspection`` gives it: its
    /// key, where it is in its life, as the lifecycle product runs it, and
    /// since when.
    ///
    /// ```json
    /// {"key": "cleanup", "state": "running", "since": 786024634.512}
    /// ```
    public struct Service: Sendable, Codable, Hashable {
        /// The service component's key.
        public let key: String
        /// Where it is in its life.
        public let state: State
        /// When it entered that state.
        public let since: Date

        package init(key: String, state: State, since: Date) {
            (self.key, self.state, self.since) = (key, state, since)
        }

        /// Where a factory's service is in its life, as the lifecycle product runs
        /// it in a service group: handed to the group (`starting`), its `run()`
        /// under way (`running`), asked to shut down gracefully (`stopping`), and
        /// its `run()` returned (`finished`) or threw (`failed`).
        public enum State: String, Sendable, Codable, Hashable, CaseIterable {
            /// Handed to a service group; its `run()` not begun yet, or, for a
            /// service that reports its readiness, not ready yet.
            case starting
            /// Its `run()` under way (and, for one that reports its readiness, ready).
            case running
            /// Asked to shut down gracefully; its `run()` not returned yet.
            case stopping
            /// Its `run()` returned.
            case finished
            /// Its `run()` threw.
            case failed
        }
    }
}
