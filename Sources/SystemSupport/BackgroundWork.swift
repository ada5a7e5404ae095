#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work started on a thread of its own, whose result the starting thread
/// collects when it needs it: how a big input is read in two parts at once
/// on a machine with two cores.
///
/// A fresh thread, not a shared pool: the caller blocks in ``wait()``, and a
/// pool whose threads all wait could never run the work. ``wait()`` joins
/// that thread, so the thread is the only thing waited on. When no thread
/// can be made, the work runs at once on the calling thread, so ``wait()``
/// never waits for work that will not come.
///
/// ```swift
/// let second = BackgroundWork { parse(secondHalf) }
/// let first = parse(firstHalf)
/// let both = (first, second.wait())
/// ```
package final class BackgroundWork<Result: Sendable>: Sendable {
    private let work: @Sendable () -> Result
    private let result = Locked<Result?>(nil)
    /// The thread running the work until it is joined: joined under this
    /// lock, so that a second ``wait()`` waits for the first join's end.
    private let thread = Locked<pthread_t?>(nil)

    /// Starts `work` on a new thread.
    package init(_ work: @escaping @Sendable () -> Result) {
        self.work = work
        let body: @Sendable () -> Void = { [result] in
            let value = work()
            result.withLock { $0 = value }
        }
        guard let started = ThreadJob.spawnJoinable(body) else {
            body()
            return
        }
        thread.withLock { $0 = started }
    }

    deinit {
        // Never waited for: the thread's resources go once its work ends.
        thread.withLock { thread in
            if let running = thread { ThreadJob.detach(running) }
        }
    }

    /// Runs `work` on a new thread, and suspends until it has finished
    /// without blocking a thread of Swift's pool: for work that blocks for
    /// long, such as a loop that reads a pipe.
    package static func run(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            ThreadJob.start { continuation.resume(returning: work()) }
        }
    }

    /// The work's result, once it has finished.
    package func wait() -> Result {
        thread.withLock { thread in
            if let running = thread {
                ThreadJob.join(running)
                thread = nil
            }
        }
        // Set before its thread ended, so never nil here; were it nil, the work would be done again here rather than trap.
        return result.withLock { $0 } ?? work()
    }
}
