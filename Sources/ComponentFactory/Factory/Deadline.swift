import Foundation

/// Awaits work for at most a time, without waiting for it past that: the
/// work runs in a task of its own, and whichever comes first, its end or
/// the deadline, decides. Work that runs over is left running, not awaited.
enum Deadline {
    enum Outcome: Sendable {
        case finished
        case failed(any Error)
        case timedOut
    }

    static func run(within timeout: Duration, _ work: @escaping @Sendable () async throws -> Void) async -> Outcome {
        let first = First()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            first.await(continuation)
            let timer = Task {
                try? await Task.sleep(for: timeout)
                // Cancelled: the work finished first, and its timer is gone at once rather than pending for the whole timeout.
                guard !Task.isCancelled else { return }
                if first.settle(.timedOut) { first.cancelWorker() }
            }
            first.setWorker(Task {
                do {
                    try await work()
                    first.settle(.finished)
                } catch {
                    first.settle(.failed(error))
                }
                timer.cancel()
            })
        }
    }

    /// The first outcome wins; the continuation is resumed once.
    /// Guarded by a pthread mutex (`NSLock`), which ThreadSanitizer understands.
    private final class First: @unchecked Sendable {
        private var continuation: CheckedContinuation<Outcome, Never>?
        private var settled = false
        private var worker: Task<Void, Never>?
        private let mutex = NSLock()

        func setWorker(_ task: Task<Void, Never>) {
            mutex.withLock { worker = task }
        }

        func cancelWorker() {
            mutex.withLock { worker }?.cancel()
        }

        func await(_ continuation: CheckedContinuation<Outcome, Never>) {
            mutex.withLock { self.continuation = continuation }
        }

        /// Settles with `outcome` unless settled already; true when this call settled it.
        @discardableResult
        func settle(_ outcome: Outcome) -> Bool {
            let continuation = mutex.withLock { () -> CheckedContinuation<Outcome, Never>? in
                guard !settled else { return nil }
                settled = true
                return self.continuation
            }
            continuation?.resume(returning: outcome)
            return continuation != nil
        }
    }
}
