import Dispatch

/// Work started on a thread of Dispatch's, whose result the starting thread
/// collects when it needs it: how a big input is read in two parts at once
/// on a machine with two cores.
///
/// Whoever comes first runs the work: a Dispatch thread, or the thread that
/// asks for the result, when no Dispatch thread has begun it by then. The
/// work runs holding the result's lock, so a ``wait()`` that comes while it
/// runs waits on that lock, and one that comes before runs it itself: it
/// never waits for work no thread will do. The work runs once.
///
/// ```swift
/// let second = BackgroundWork { parse(secondHalf) }
/// let first = parse(firstHalf)
/// let both = (first, second.wait())
/// ```
package final class BackgroundWork<Result: Sendable>: Sendable {
    private let work: @Sendable () -> Result
    /// The result once the work is done; its lock is held while the work runs.
    private let result = Locked<Result?>(nil)

    /// Starts `work` on `queue`, by default a queue of its own, which Dispatch
    /// gives a thread at once (it targets an overcommitting global queue).
    package init(on queue: DispatchQueue = DispatchQueue(label: "BackgroundWork"), _ work: @escaping @Sendable () -> Result) {
        self.work = work
        queue.async { [self] in _ = self.wait() }
    }

    /// Runs `work` on a queue of its own, and suspends until it has finished
    /// without blocking a thread of Swift's pool: for work that blocks for
    /// long, such as a loop that reads a pipe.
    package static func run(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "BackgroundWork.run").async { continuation.resume(returning: work()) }
        }
    }

    /// The work's result: run here if no thread has begun it, else once the thread running it is done.
    package func wait() -> Result {
        result.withLock { result in
            if let done = result { return done }
            let done = work()
            result = done
            return done
        }
    }
}
