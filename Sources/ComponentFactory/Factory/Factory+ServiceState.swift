extension Factory {
    /// Where a factory's service is in its life, as the lifecycle product runs
    /// it in a service group: handed to the group (`starting`), its `run()`
    /// under way (`running`), asked to shut down gracefully (`stopping`), and
    /// its `run()` returned (`finished`) or threw (`failed`).
    public enum ServiceState: String, Sendable, Codable, Hashable, CaseIterable {
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
