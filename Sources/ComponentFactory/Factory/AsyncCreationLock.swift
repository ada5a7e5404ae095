import SystemSupport

/// Lets one async resolution at a time build singletons that can suspend,
/// as the synchronous store's creation lock does for the others: so that
/// each is built exactly once however many tasks ask for it at once, and so
/// that two resolutions never wait on each other halfway through a cycle of
/// properties.
///
/// It is re-entrant for the resolution that holds it (it builds what the
/// singleton needs while holding it), waits without blocking a thread (a
/// waiter suspends and is resumed in turn), and is never held by anything
/// that waits for it: a synchronous build never asks for it. Its state is
/// guarded by a pthread mutex (`Locked`), which ThreadSanitizer understands.
final class AsyncCreationLock: Sendable {
    private struct State {
        /// The resolution holding the lock, and how many times it has taken it.
        var owner: Int?
        var depth = 0
        var waiters: [(token: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// The last token handed out: each resolution is told apart by its own.
        var tokens = 0
    }

    private let state = Locked(State())

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock(body)
    }

    /// A token for a new resolution.
    func newToken() -> Int {
        withState { state in
            state.tokens += 1
            return state.tokens
        }
    }

    /// Takes the lock for the resolution `token`, waiting (suspended) while another holds it.
    func lock(_ token: Int) async {
        let taken = withState { state in
            guard state.owner == nil || state.owner == token else { return false }
            state.owner = token
            state.depth += 1
            return true
        }
        if taken { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let freed = withState { state in
                guard state.owner == nil else {
                    state.waiters.append((token, continuation))
                    return false
                }
                state.owner = token
                state.depth = 1
                return true
            }
            if freed { continuation.resume() }
        }
    }

    /// Gives the lock back; the last give-back of the holder hands it to the next waiter, in order.
    func unlock() {
        let next = withState { state -> CheckedContinuation<Void, Never>? in
            state.depth -= 1
            guard state.depth == 0 else { return nil }
            guard !state.waiters.isEmpty else {
                state.owner = nil
                return nil
            }
            let waiter = state.waiters.removeFirst()
            state.owner = waiter.token
            state.depth = 1
            return waiter.continuation
        }
        next?.resume()
    }
}
