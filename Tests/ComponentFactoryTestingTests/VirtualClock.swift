import Foundation

/// A clock whose time moves only when someone sleeps on it, and then at
/// once: a wait of seven seconds takes no real time, and a test can read
/// exactly how long the waiter slept.
final class VirtualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        let offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    private var current = Instant(offset: .zero)
    private var sleeps: [Duration] = []
    private let lock = NSLock()

    var now: Instant {
        lock.withLock { current }
    }

    var minimumResolution: Duration { .zero }

    /// How long each sleep lasted, in order.
    var slept: [Duration] {
        lock.withLock { sleeps }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        lock.withLock {
            sleeps.append(current.duration(to: deadline))
            if current < deadline { current = deadline }
        }
    }
}
