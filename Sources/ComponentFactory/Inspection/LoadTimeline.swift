import Foundation

/// How a factory's load went, for its inspection: when it began and
/// ended, its phases, and when each eager singleton's construction began
/// and ended. Kept by the factory once the load has built it.
struct LoadTimeline: Sendable {
    /// One phase: `read`, `compile` or `build`.
    struct Phase: Sendable {
        let name: String
        let began: ContinuousClock.Instant
        let ended: ContinuousClock.Instant
    }

    /// The construction of the eager singleton `key`, with what it needed that was not built yet.
    struct Construction: Sendable {
        let key: String
        let isolation: Isolation
        let began: ContinuousClock.Instant
        let ended: ContinuousClock.Instant

        /// The construction of `plan` that began at `began` and has just ended.
        init(of plan: ComponentPlan, since began: ContinuousClock.Instant) {
            (key, isolation, self.began, ended) = (plan.key, plan.isolation, began, ContinuousClock().now)
        }
    }

    let began: ContinuousClock.Instant
    /// When it began by the wall clock.
    let beganAt: Date
    let ended: ContinuousClock.Instant
    let phases: [Phase]
    let constructions: [Construction]
}
