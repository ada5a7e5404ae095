import Synchronization

/// Shut until opened once; then every waiter, earlier or later, goes
/// through. A waiter whose task is cancelled goes at once, shut or not.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var lastWaiter = 0
    }

    private let state = Mutex(State())

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        let waiter = state.withLock { state -> Int? in
            guard !state.isOpen else { return nil }
            state.lastWaiter += 1
            return state.lastWaiter
        }
        guard let waiter else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let goes = state.withLock { state in
                    guard !state.isOpen && !Task.isCancelled else { return true }
                    state.waiters[waiter] = continuation
                    return false
                }
                if goes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: waiter) }?.resume()
        }
    }
}
