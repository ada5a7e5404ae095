import Synchronization

/// How many requests each caller may make a second: `${rate.per-second}`,
/// marked `reloadable` in the assembly, so that a change to the
/// `.properties` file applies while the server runs. A reload builds a new
/// one, with fresh counts.
public final class RateLimit: Sendable {
    public let perSecond: Int
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    /// Each caller's second, and the requests it made in it.
    private let windows = Mutex<[String: (second: Int64, count: Int)]>([:])

    public init(perSecond: Int) {
        self.perSecond = perSecond
        start = clock.now
    }

    /// Whether `caller` may make one more request now; counts it if so.
    public func admit(_ caller: String) -> Bool {
        let second = (clock.now - start).components.seconds
        return windows.withLock { windows in
            var window = windows[caller] ?? (second, 0)
            if window.second != second { window = (second, 0) }
            guard window.count < perSecond else { return false }
            window.count += 1
            windows[caller] = window
            return true
        }
    }
}
