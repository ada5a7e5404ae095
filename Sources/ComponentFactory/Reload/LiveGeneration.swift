import SystemSupport

/// One graph of a ``LiveFactory``: the factory built for one set of values,
/// and who is still using it. Once a reload replaces it, the singletons it
/// replaced are destroyed when the last use that began before the swap ends.
@usableFromInline
final class LiveGeneration: Sendable {
    private struct Leases {
        var count = 0
        /// The plans that the next generation built anew: set when this one is replaced.
        var replaced: Set<Int>?
        var isDestroyed = false
    }

    /// 1 for the graph built at load, one more at each swap.
    let number: Int
    @usableFromInline let factory: Factory
    /// What the graph was made from, for the next reload to compare.
    let side: ReloadReach.Side
    private let leases = Locked(Leases())

    init(number: Int, factory: Factory, side: ReloadReach.Side) {
        self.number = number
        self.factory = factory
        self.side = side
    }

    /// Counts one more use. Called while the live factory's state is locked,
    /// so that no swap comes between choosing this generation and counting.
    func acquire() {
        leases.withLock { $0.count += 1 }
    }

    /// Ends one use: the plans to destroy, when it was the last use of a replaced generation.
    func release() -> Set<Int>? {
        leases.withLock { leases in
            leases.count -= 1
            return leases.count == 0 ? Self.claim(&leases) : nil
        }
    }

    /// Marks the generation replaced, with the plans its successor built
    /// anew: those plans, to destroy now, when nothing is using it.
    func retire(replacing plans: Set<Int>) -> Set<Int>? {
        leases.withLock { leases in
            leases.replaced = plans
            return leases.count == 0 ? Self.claim(&leases) : nil
        }
    }

    /// The replaced plans still to destroy, whatever is using them: at the live factory's shutdown.
    func claimAtShutdown() -> Set<Int>? {
        leases.withLock { Self.claim(&$0) }
    }

    /// The replaced plans, once: nil while the generation is current or after they were claimed.
    private static func claim(_ leases: inout Leases) -> Set<Int>? {
        guard let replaced = leases.replaced, !leases.isDestroyed else { return nil }
        leases.isDestroyed = true
        return replaced
    }
}
