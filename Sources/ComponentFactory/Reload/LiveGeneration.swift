import Synchronization
import SystemSupport

/// One graph of a ``LiveFactory``: the factory built for one set of values,
/// and who is still using it. Once a reload replaces it, the singletons it
/// replaced are destroyed when the last use that began before the swap ends.
///
/// The uses are counted with an atomic counter, so that a request's lease
/// and its end take no lock of the generation's own: the end of a use
/// locks only when it was the last use of a replaced generation.
@usableFromInline
final class LiveGeneration: Sendable {
    private struct Leases {
        /// The plans that the next generation built anew: set when this one is replaced.
        var replaced: Set<Int>?
        var isDestroyed = false
    }

    /// The uses under way. First, so that it lies next to the object's
    /// reference count, which a lease writes too, most often on one cache line.
    private let uses = Atomic<Int>(0)
    /// 1 for the graph built at load, one more at each swap.
    let number: Int
    @usableFromInline let factory: Factory
    /// What the graph was made from, for the next reload to compare.
    let side: ReloadReach.Side
    /// The generation that built each singleton kept from an earlier one, by plan index.
    let builtBy: [Int: Int]
    /// Set, before the plans are claimable, when a swap replaces the generation.
    private let isRetired = Atomic<Bool>(false)
    private let leases = Locked(Leases())

    init(number: Int, factory: Factory, side: ReloadReach.Side, builtBy: [Int: Int] = [:]) {
        self.number = number
        self.factory = factory
        self.side = side
        self.builtBy = builtBy
    }

    /// Counts one more use. Called under the live factory's lock while it
    /// serves this generation: a swap replaces the generation under that
    /// lock before it retires it, so every use that chose it is counted by then.
    func acquire() {
        // Wrapping: one locked add. The checked `add` is a compare-and-swap loop, which
        // threads leasing at once retried. The count cannot come near overflowing.
        uses.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// Ends one use: the plans to destroy, when it was the last use of a
    /// replaced generation. The count and the retirement are both
    /// sequentially consistent, so that of a last release and a retirement
    /// racing, at least one sees the other, and claims (once: ``claim(_:)``).
    func release() -> Set<Int>? {
        guard uses.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0,
              isRetired.load(ordering: .sequentiallyConsistent) else { return nil }
        return leases.withLock { Self.claim(&$0) }
    }

    /// Marks the generation replaced, with the plans its successor built
    /// anew: those plans, to destroy now, when nothing is using it.
    func retire(replacing plans: Set<Int>) -> Set<Int>? {
        leases.withLock { $0.replaced = plans }
        isRetired.store(true, ordering: .sequentiallyConsistent)
        guard uses.load(ordering: .sequentiallyConsistent) == 0 else { return nil }
        return leases.withLock { Self.claim(&$0) }
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
