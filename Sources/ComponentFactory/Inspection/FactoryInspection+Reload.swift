import Foundation

extension FactoryInspection {
    /// One reload of a ``LiveFactory``, as a ``FactoryInspection`` gives it:
    /// a ``ReloadEvent`` in plain values.
    ///
    /// ```json
    /// {"time": 786000000.5, "outcome": "refused", "generation": 3, "changedKeys": ["rate.per-second"],
    ///  "rebuilt": ["rateLimiter", "linkController"],
    ///  "diagnostics": [{"severity": "error", "code": "constraint", "message": "…", "file": "Config/app.properties", "line": 4, …}]}
    /// ```
    public struct Reload: Sendable, Codable, Hashable {
        /// When it ended.
        public let time: Date
        /// How long it took, in milliseconds, waiting for a reload under way included.
        public let durationMilliseconds: Double
        /// `swapped`, `unchanged` or `refused`.
        public let outcome: String
        /// The generation serving after it.
        public let generation: Int
        /// The keys whose value changed, applied or not.
        public let changedKeys: [String]
        /// The components built anew; for a refused reload, those it would have built.
        public let rebuilt: [String]
        /// Why it was refused, or the warnings of one that was not.
        public let diagnostics: [FactoryInspection.Diagnostic]

        init(_ event: ReloadEvent) {
            time = event.time
            durationMilliseconds = event.duration / .milliseconds(1)
            outcome = event.outcome.rawValue
            generation = event.generation
            changedKeys = event.changedKeys
            rebuilt = event.rebuilt
            diagnostics = event.diagnostics.map(FactoryInspection.Diagnostic.init)
        }
    }
}
