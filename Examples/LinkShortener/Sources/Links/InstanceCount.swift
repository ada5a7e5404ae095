import Synchronization

/// How many request-scoped objects are alive: each one counts itself in
/// when made and out when released, so that `/stats` shows that requests
/// leave nothing behind.
public final class InstanceCount: Sendable {
    private let alive = Atomic<Int>(0)
    private let made = Atomic<Int>(0)

    public init() {}

    func add() {
        alive.add(1, ordering: .relaxed)
        made.add(1, ordering: .relaxed)
    }

    func remove() {
        alive.subtract(1, ordering: .relaxed)
    }

    /// The request-scoped objects alive now.
    public var current: Int { alive.load(ordering: .relaxed) }
    /// The request-scoped objects made since the start.
    public var total: Int { made.load(ordering: .relaxed) }
}
