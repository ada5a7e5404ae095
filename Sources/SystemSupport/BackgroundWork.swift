#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Work started on a thread of its own, whose result the starting thread
/// collects when it needs it: how a big input is read in two parts at once
/// on a machine with two cores.
///
/// A fresh thread, not a shared pool: the caller blocks in ``wait()``, and a
/// pool whose threads all wait could never run the work. When no thread can
/// be made, the work runs at once on the calling thread, so ``wait()`` never
/// waits for work that will not come.
///
/// ```swift
/// let second = BackgroundWork { parse(secondHalf) }
/// let first = parse(firstHalf)
/// let both = (first, second.wait())
/// ```
package final class BackgroundWork<Result: Sendable>: Sendable {
    private let work: @Sendable () -> Result
    private let result = Locked<Result?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `work` on a new thread.
    package init(_ work: @escaping @Sendable () -> Result) {
        self.work = work
        ThreadJob.start { [self] in
            let value = work()
            result.withLock { $0 = value }
            finished.signal()
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
        finished.wait()
        // Set before the signal, so never nil here; were it nil, the work would be done again here rather than trap.
        return result.withLock { $0 } ?? work()
    }
}
