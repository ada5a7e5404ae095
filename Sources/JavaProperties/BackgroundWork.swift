import Dispatch
import Foundation
import Synchronization

/// Work started on a thread of its own, whose result the starting thread
/// collects when it needs it: how a big input is read in two parts at once
/// on a machine with two cores.
///
/// A fresh thread, not a shared pool: the caller blocks in ``wait()``, and a
/// pool whose threads all wait could never run the work.
///
/// ```swift
/// let second = BackgroundWork { parse(secondHalf) }
/// let first = parse(firstHalf)
/// let both = (first, second.wait())
/// ```
package final class BackgroundWork<Result: Sendable>: Sendable {
    private let work: @Sendable () -> Result
    private let result = Mutex<Result?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts `work` on a new thread.
    package init(_ work: @escaping @Sendable () -> Result) {
        self.work = work
        let thread = Thread { [self] in
            let value = work()
            result.withLock { $0 = value }
            finished.signal()
        }
        thread.start()
    }

    /// The work's result, once it has finished.
    package func wait() -> Result {
        finished.wait()
        // Set before the signal, so never nil here; were it nil, the work would be done again here rather than trap.
        return result.withLock { $0 } ?? work()
    }
}
