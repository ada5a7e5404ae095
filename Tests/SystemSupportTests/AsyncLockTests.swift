import SystemSupport
import Testing

@Suite struct AsyncLockTests {
    /// Counts how many holders are inside at once, and the most there ever were.
    actor Inside {
        private(set) var now = 0
        private(set) var most = 0
        private(set) var order: [Int] = []

        func enter(_ id: Int) {
            now += 1
            most = max(most, now)
            order.append(id)
        }

        func leave() { now -= 1 }
    }

    @Test func oneHolderAtATimeHoweverManyTasksAskAndEachGetsIt() async {
        let lock = AsyncLock()
        let inside = Inside()
        await withTaskGroup(of: Void.self) { group in
            for id in 0..<50 {
                group.addTask {
                    let token = lock.newToken()
                    await lock.lock(token)
                    await inside.enter(id)
                    // A suspension while holding it: another task runs meanwhile, and must wait.
                    await Task.yield()
                    await inside.leave()
                    lock.unlock()
                }
            }
        }
        #expect(await inside.most == 1)
        #expect(await inside.order.sorted() == Array(0..<50))
    }

    @Test func theHolderTakesItAgainWithItsTokenAndOthersWaitUntilItIsGivenBackAsOftenAsTaken() async {
        let lock = AsyncLock()
        let holder = lock.newToken()
        await lock.lock(holder)
        await lock.lock(holder)  // again: would never return if it waited for itself
        let inside = Inside()
        let other = Task {
            let token = lock.newToken()
            await lock.lock(token)
            await inside.enter(2)
            lock.unlock()
        }
        await inside.enter(1)
        while lock.waiting == 0 { await Task.yield() }
        lock.unlock()
        // Taken twice, given back once: still held, and the other still waits.
        #expect(lock.waiting == 1)
        #expect(await inside.order == [1])
        lock.unlock()
        await other.value
        #expect(await inside.order == [1, 2])
    }

    @Test func waitersGetItInTheOrderTheyCame() async {
        let lock = AsyncLock()
        let first = lock.newToken()
        await lock.lock(first)
        let inside = Inside()
        var waiters: [Task<Void, Never>] = []
        for id in 1...5 {
            let token = lock.newToken()
            waiters.append(Task {
                await lock.lock(token)
                await inside.enter(id)
                lock.unlock()
            })
            // Each waiter is queued before the next starts.
            while lock.waiting < id { await Task.yield() }
        }
        lock.unlock()
        for waiter in waiters { await waiter.value }
        #expect(await inside.order == [1, 2, 3, 4, 5])
    }
}
