import Foundation
import SystemSupport
import Testing

/// `BackgroundWork`: work on a thread of its own, joined when its result is wanted.
@Suite struct BackgroundWorkTests {
    @Test(.timeLimit(.minutes(1))) func waitGivesTheResultOfWorkDoneOnAnotherThreadOnce() {
        let runs = Locked(0)
        let caller = pthread_self()
        let work = BackgroundWork { () -> Bool in
            runs.withLock { $0 += 1 }
            // Long enough that a wait which did not wait would come first.
            Thread.sleep(forTimeInterval: 0.02)
            return pthread_equal(pthread_self(), caller) == 0
        }
        #expect(work.wait(), "done on a thread other than the caller's")
        #expect(work.wait(), "a second wait gives the same result")
        #expect(runs.withLock { $0 } == 1)
    }

    @Test(.timeLimit(.minutes(1))) func workNeverWaitedForStillRunsToItsEnd() async throws {
        let done = Locked(false)
        do {
            _ = BackgroundWork {
                Thread.sleep(forTimeInterval: 0.01)
                done.withLock { $0 = true }
            }
        }
        for _ in 0..<500 where !done.withLock({ $0 }) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(done.withLock { $0 })
    }

    @Test(.timeLimit(.minutes(1))) func manyWaitersAtOnceAllGetTheResult() async {
        let work = BackgroundWork { () -> Int in
            Thread.sleep(forTimeInterval: 0.02)
            return 42
        }
        let results = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<4 { group.addTask { work.wait() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results == [42, 42, 42, 42])
    }
}
