/// A lock for async code that suspends a waiter instead of blocking its
/// thread, and that one holder may take again: each holder is told apart by
/// a token of its own (``newToken()``), and taking it again with the same
/// token only counts. Waiters get it in the order they came.
///
/// The factory builds its singletons that can suspend under these: one for
/// each group of them that need one another, so that each is built exactly
/// once however many tasks ask, and two resolutions never wait on each
/// other (a resolution builds what a singleton needs while holding its
/// group's lock, and takes another group's only for what that needs). A
/// request scope builds its components that can suspend under one, and a
/// live factory runs one reload at a time under another. Its state is guarded by a pthread mutex (``Locked``), which
/// ThreadSanitizer understands.
///
/// ```swift
/// let lock = AsyncLock()
/// let token = lock.newToken()
/// await lock.lock(token)
/// defer { lock.unlock() }
/// ```
@usableFromInline
package final class AsyncLock: Sendable {
    private struct State {
        /// The token holding the lock, and how many times it has taken it.
        var owner: Int?
        var depth = 0
        var waiters: [(token: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// The last token handed out: each holder is told apart by its own.
        var tokens = 0
    }

    private let state = Locked(State())

    package init() {}

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock(body)
    }

    /// How many wait for the lock now: what a test waits on before it lets the lock go.
    package var waiting: Int {
        withState { $0.waiters.count }
    }

    /// A token for a new holder.
    package func newToken() -> Int {
        withState { state in
            state.tokens += 1
            return state.tokens
        }
    }

    /// Takes the lock for `token`, waiting (suspended) while another token holds it.
    package func lock(_ token: Int) async {
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
    package func unlock() {
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
