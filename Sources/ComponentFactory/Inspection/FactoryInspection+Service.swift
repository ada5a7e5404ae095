extension FactoryInspection {
    /// One of a factory's services, as a ``FactoryInspection`` gives it: its
    /// key and where it is in its life, as the lifecycle product runs it.
    ///
    /// ```json
    /// {"key": "cleanup", "state": "running"}
    /// ```
    public struct Service: Sendable, Codable, Hashable {
        /// The service component's key.
        public let key: String
        /// Where it is in its life.
        public let state: Factory.ServiceState

        package init(key: String, state: Factory.ServiceState) {
            (self.key, self.state) = (key, state)
        }
    }
}
