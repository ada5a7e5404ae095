import Foundation
import SystemSupport
import Testing

/// `Locked`'s two kinds: a mutex over state, and a recursive lock with none.
@Suite struct LockedTests {
    @Test(.timeLimit(.minutes(1))) func aRecursiveLockIsTakenAgainByTheThreadThatHoldsIt() {
        let lock = Locked(recursive: true)
        let levels = lock.withLock { lock.withLock { lock.withLock { 3 } } }
        #expect(levels == 3)
    }

    @Test(.timeLimit(.minutes(1))) func aRecursiveLockStillKeepsOtherThreadsOut() async {
        let lock = Locked(recursive: true)
        let inside = Locked(0)
        let most = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<100 {
                        lock.withLock {
                            lock.withLock {
                                let now = inside.withLock { count in
                                    count += 1
                                    return count
                                }
                                most.withLock { $0 = max($0, now) }
                                // Long enough that threads not kept out would overlap.
                                Thread.sleep(forTimeInterval: 0.000_05)
                                inside.withLock { $0 -= 1 }
                            }
                        }
                    }
                }
            }
        }
        #expect(most.withLock { $0 } == 1)
    }
}
