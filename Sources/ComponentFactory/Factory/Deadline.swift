/// Awaits work for at most a time, without waiting for it past that: the
/// work runs in a task of its own and a timer in another, each offering its
/// outcome to a stream that keeps the first. Work that runs over is
/// cancelled and left running, not awaited. No lock or continuation of
/// ours: the stream is Swift's.
enum Deadline {
    enum Outcome: Sendable {
        case finished
        case failed(any Error)
        case timedOut
    }

    static func run(within timeout: Duration, _ work: @escaping CallbackRegistration.AsyncCallback) async -> Outcome {
        let (outcomes, offer) = AsyncStream.makeStream(of: Outcome.self, bufferingPolicy: .bufferingOldest(1))
        let worker = Task {
            do {
                try await work()
                offer.yield(.finished)
            } catch {
                offer.yield(.failed(error))
            }
        }
        let timer = Task {
            // Cancelled, the work finished first: nothing to offer.
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            offer.yield(.timedOut)
        }
        // Read in a task of its own, which the caller's cancellation does not reach: the work or the time decides.
        let outcome = await Task { await outcomes.first { _ in true } ?? .timedOut }.value
        offer.finish()
        if case .timedOut = outcome { worker.cancel() } else { timer.cancel() }
        return outcome
    }
}
