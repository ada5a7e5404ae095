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
        public let state: Factory.ServiceState
        /// When it entered that state.
        public let since: Date

        package init(key: String, state: Factory.ServiceState, since: Date) {
            (self.key, self.state, self.since) = (key, state, since)
        }
    }
}
