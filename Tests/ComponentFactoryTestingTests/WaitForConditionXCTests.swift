import ComponentFactoryTesting
import Foundation
import XCTest

/// The same waits from XCTest: an async test method awaits, and a time-out
/// is an error that XCTest reports like any other.
final class WaitForConditionXCTests: XCTestCase {
    func testWaitsFromXCTestUntilTheConditionHolds() async throws {
        let flag = Flag()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(20)) { flag.raise() }

        try await waitForCondition(pollInterval: .milliseconds(5)) { flag.isRaised }

        XCTAssertTrue(flag.isRaised)
    }

    func testATimeOutFromXCTestIsAThrownErrorWithTheCallSite() async throws {
        let clock = VirtualClock()
        do {
            try await waitForCondition(timeout: .seconds(2), clock: clock) { false }
            XCTFail("the wait should have timed out")
        } catch let timedOut as ConditionTimedOut {
            XCTAssertEqual(timedOut.elapsed, .seconds(2))
            XCTAssertTrue(timedOut.description.contains("WaitForConditionXCTests.swift:"), timedOut.description)
        }
    }
}
