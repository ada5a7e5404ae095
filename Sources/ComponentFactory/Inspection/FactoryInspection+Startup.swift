import Foundation

extension FactoryInspection {
    /// How a factory's load went, as a ``FactoryInspection`` gives it: its
    /// phases, and each eager singleton's construction, in milliseconds since
    /// the load began.
    ///
    /// ```json
    /// {"startedAt": 817560218.05, "durationMilliseconds": 77.71,
    ///  "phases": [{"name": "read", "startMilliseconds": 0, "durationMilliseconds": 1.15},
    ///             {"name": "compile", "startMilliseconds": 1.15, "durationMilliseconds": 15.98},
    ///             {"name": "build", "startMilliseconds": 17.13, "durationMilliseconds": 60.57}],
    ///  "components": [{"key": "warmup", "isolation": "nonisolated", "startMilliseconds": 17.46, "durationMilliseconds": 60.23}]}
    /// ```
    public struct Startup: Sendable, Codable, Hashable {
        /// One phase of the load.
        public struct Phase: Sendable, Codable, Hashable {
            /// `read` (the assemblies, from their files), `compile` (the
            /// configuration, and the plans it makes of the assemblies) or
            /// `build` (the eager singletons).
            public let name: String
            /// When it began, in milliseconds since the load began.
            public let startMilliseconds: Double
            /// How long it took, in milliseconds.
            public let durationMilliseconds: Double
        }

        /// The construction of one singleton the load built, with whatever it
        /// needed that was not built yet and that it built itself.
        public struct Construction: Sendable, Codable, Hashable {
            /// The singleton's key.
            public let key: String
            /// Where its type's code runs: `nonisolated`, `@MainActor`, another global actor's name, or `actor`.
            public let isolation: Isolation
            /// When it began, in milliseconds since the load began.
            public let startMilliseconds: Double
            /// How long it took, in milliseconds.
            public let durationMilliseconds: Double
        }

        /// When the load began, by the wall clock.
        public let startedAt: Date
        /// From the load's start to its end, in milliseconds.
        public let durationMilliseconds: Double
        /// The phases, in the order they ran. A load from assemblies already read has no `read`.
        public let phases: [Phase]
        /// The singletons the load built, in the order their constructions
        /// began. One that cannot suspend and that another needed was built
        /// inside that one's construction, and has none of its own; those that
        /// can suspend are built concurrently along the graph, each in its own.
        public let components: [Construction]
    }
}

extension FactoryInspection.Startup {
    /// `timeline` in milliseconds since its load began.
    init(_ timeline: LoadTimeline) {
        /// Milliseconds from the load's start to `instant`.
        func since(_ instant: ContinuousClock.Instant) -> Double {
            (instant - timeline.began) / .milliseconds(1)
        }
        startedAt = timeline.beganAt
        durationMilliseconds = since(timeline.ended)
        // Each duration by Duration's own subtraction and division: the difference of two rounded
        // offsets would carry their rounding (0.11991900000000033 for 0.119919).
        phases = timeline.phases.map {
            Phase(name: $0.name, startMilliseconds: since($0.began), durationMilliseconds: ($0.ended - $0.began) / .milliseconds(1))
        }
        components = timeline.constructions.map {
            Construction(key: $0.key, isolation: $0.isolation, startMilliseconds: since($0.began),
                         durationMilliseconds: ($0.ended - $0.began) / .milliseconds(1))
        }
    }
}
