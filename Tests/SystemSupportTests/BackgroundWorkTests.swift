import Foundation
import SystemSupport
import Testing

/// `BackgroundWork`: work on a thread of Dispatch's, or on the caller's when none has begun it.
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
        // The caller's own half of the work, long enough for a Dispatch thread to begin the background half.
        Thread.sleep(forTimeInterval: 0.05)
        #expect(work.wait(), "done on a thread other than the caller's")
        #expect(work.wait(), "a second wait gives the same result")
        #expect(runs.withLock { $0 } == 1)
    }

    @Test(.timeLimit(.minutes(1))) func workNoThreadHasBegunRunsOnTheCallerThatWaits() {
        let runs = Locked(0)
        let caller = pthread_self()
        // A queue that runs nothing until resumed: no Dispatch thread can begin the work.
        let held = DispatchQueue(label: "held")
        held.suspend()
        let work = BackgroundWork(on: held) { () -> Bool in
            runs.withLock { $0 += 1 }
            return pthread_equal(pthread_self(), caller) != 0
        }
        #expect(work.wait(), "done on the caller's thread")
        held.resume()
        // The queue's late turn finds the work done, and does not run it again.
        held.sync {}
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
