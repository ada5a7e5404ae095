import Foundation

extension FactoryInspection {
    /// One reload of a ``LiveFactory``, as a ``FactoryInspection`` gives it:
    /// a ``ReloadEvent`` in plain values.
    ///
    /// ```json
    /// {"time": 786000000.5, "outcome": "refused", "generation": 3, "changedKeys": ["rate.per-second"],
    ///  "changes": [{"key": "rate.per-second", "old": "50", "new": "lots"}],
    ///  "rebuilt": [], "wouldRebuild": ["rateLimiter", "linkController"],
    ///  "diagnostics": [{"severity": "error", "code": "constraint", "message": "…", "file": "Config/app.properties", "line": 4, …}]}
    /// ```
    public struct Reload: Sendable, Codable, Hashable {
        /// When it ended.
        public let time: Date
        /// How long it took, in milliseconds, waiting for a reload under way included.
        public let durationMilliseconds: Double
        /// What it did: `swapped`, `unchanged` or `refused`.
        public let outcome: Outcome
        /// The generation serving after it.
        public let generation: Int
        /// The keys whose value changed, applied or not.
        public let changedKeys: [String]
        /// Each changed key, old → new, as written; secrets masked.
        public let changes: [Change]
        /// The components built anew; empty for a refused reload.
        public let rebuilt: [String]
        /// For a refused reload, the components it would have built anew; empty otherwise.
        public let wouldRebuild: [String]
        /// Why it was refused, or the warnings it brought (those of the graph it replaced were told before).
        public let diagnostics: [FactoryInspection.Diagnostic]

        /// What a reload did.
        public enum Outcome: String, Sendable, Codable, Hashable, CaseIterable {
            /// The new values built: the reloadable components, and what needs them, were built anew and swapped in.
            case swapped
            /// No value changed: nothing was built.
            case unchanged
            /// The environment build of the new values found an error, or they could not apply without a
            /// restart, or a component failed to build: the running graph is kept.
            case refused
        }

        /// One changed key: its text before and after, as written; `******` when secret, or when every value is masked.
        public struct Change: Sendable, Codable, Hashable {
            /// The key.
            public let key: String
            /// Its text before; nil when no source set it.
            public let old: String?
            /// Its text now; nil when no source sets it.
            public let new: String?
        }
    }
}
