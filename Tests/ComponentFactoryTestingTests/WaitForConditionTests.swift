import ComponentFactoryTesting
import Foundation
import Testing

struct WaitForConditionTests {
    @Test func timesOutAtTheDeadlineAndNoLater() async throws {
        let clock = VirtualClock()
        var error: ConditionTimedOut?
        do {
            try await waitForCondition(clock: clock) { false }
        } catch let timedOut as ConditionTimedOut {
            error = timedOut
        }
        let line = #line - 4

        // The default time-out, seven seconds, measured on the clock: not four times that, as Typhoon's was.
        #expect(error?.timeout == .seconds(7))
        #expect(error?.elapsed == .seconds(7))
        #expect(clock.now.offset == .seconds(7))
        #expect(clock.slept.reduce(.zero, +) == .seconds(7))
        // Checked at the start, after each 50 ms, and at the deadline.
        #expect(error?.checks == 141)
        #expect(error?.line == line)
        #expect(error?.description.hasPrefix("ComponentFactoryTestingTests/WaitForConditionTests.swift:\(line):") == true)
        #expect(error?.description.contains(": error: condition still false after 7.00 s") == true)
        #expect(error?.localizedDescription == error?.description)
    }

    @Test func returnsAsSoonAsTheConditionHolds() async throws {
        let clock = VirtualClock()
        var checks = 0
        try await waitForCondition(clock: clock) {
            checks += 1
            return checks == 4
        }

        #expect(checks == 4)
        #expect(clock.now.offset == .milliseconds(150))
    }

    @Test func thePollIntervalCanBeSet() async throws {
        let clock = VirtualClock()
        var checks = 0
        let error = await #expect(throws: ConditionTimedOut.self) {
            try await waitForCondition(timeout: .seconds(3), pollInterval: .seconds(1), clock: clock) {
                checks += 1
                return false
            }
        }

        #expect(checks == 4)
        #expect(clock.slept == [.seconds(1), .seconds(1), .seconds(1)])
        #expect(error?.elapsed == .seconds(3))
    }

    @Test func theLastSleepStopsAtTheDeadline() async throws {
        let clock = VirtualClock()
        await #expect(throws: ConditionTimedOut.self) {
            try await waitForCondition(timeout: .seconds(1), pollInterval: .milliseconds(300), clock: clock) { false }
        }

        #expect(clock.slept == [.milliseconds(300), .milliseconds(300), .milliseconds(300), .milliseconds(100)])
        #expect(clock.now.offset == .seconds(1))
    }

    @Test func whatTheConditionThrowsEndsTheWait() async throws {
        struct Unreachable: Error {}
        let clock = VirtualClock()
        await #expect(throws: Unreachable.self) {
            try await waitForCondition(clock: clock) { throw Unreachable() }
        }
        #expect(clock.now.offset == .zero)
    }

    @Test func waitsInRealTimeForAnotherThread() async throws {
        let flag = Flag()
        let started = ContinuousClock.now
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(30)) { flag.raise() }

        try await waitForCondition(timeout: .seconds(600), pollInterval: .milliseconds(5)) { flag.isRaised }

        #expect(flag.isRaised)
        // Generous: the whole suite shares two cores, and under ThreadSanitizer a wait has been
        // seen to wake a minute late while other tests held both; returning at all before the
        // ten minutes are out is the early exit. The exact timing is proved on the virtual clock above.
        #expect(started.duration(to: .now) < .seconds(600))
    }

    @Test func timesOutInRealTime() async throws {
        let started = ContinuousClock.now
        let error = await #expect(throws: ConditionTimedOut.self) {
            try await waitForCondition(timeout: .milliseconds(100), pollInterval: .milliseconds(20)) { false }
        }

        let timedOut = try #require(error)
        #expect(timedOut.elapsed >= .milliseconds(100))
        #expect(timedOut.checks >= 2)  // at the start, and at the deadline at least
        // What it reports is what really passed; no upper bound on wall time, which a loaded machine stretches.
        #expect(timedOut.elapsed <= started.duration(to: .now))
    }
}

/// A flag set on one thread and read on another.
final class Flag: @unchecked Sendable {
    private var raised = false
    private let lock = NSLock()

    var isRaised: Bool {
        lock.withLock { raised }
    }

    func raise() {
        lock.withLock { raised = true }
    }
}
