import SystemSupport

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
    /// Guarded by a pthread mutex (`Locked`), which ThreadSanitizer understands.
    private final class First: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Outcome, Never>?
            var settled = false
            var worker: Task<Void, Never>?
        }

        private let state = Locked(State())

        func setWorker(_ task: Task<Void, Never>) {
            state.withLock { $0.worker = task }
        }

        func cancelWorker() {
            state.withLock { $0.worker }?.cancel()
        }

        func await(_ continuation: CheckedContinuation<Outcome, Never>) {
            state.withLock { $0.continuation = continuation }
        }

        /// Settles with `outcome` unless settled already; true when this call settled it.
        @discardableResult
        func settle(_ outcome: Outcome) -> Bool {
            let continuation = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
                guard !state.settled else { return nil }
                state.settled = true
                return state.continuation
            }
            continuation?.resume(returning: outcome)
            return continuation != nil
        }
    }
}
