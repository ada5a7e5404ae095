/// Waits until `condition` holds, checking it every `pollInterval`, for at
/// most `timeout` (7 seconds by default, as in Typhoon). Returns as soon as
/// the condition holds; throws ``ConditionTimedOut``, with this call's file,
/// line and the time that passed, if it still does not at the time-out.
///
/// The wait is measured on `clock`, from one deadline: the condition is
/// checked at the start, after each interval, and once more at the deadline,
/// and never sleeps past it. A thrown error fails the test in Swift Testing
/// and in XCTest alike.
///
/// ```swift
/// client.tweet("hello", observer: observer)
/// try await waitForCondition { observer.told == ["succeeded"] }
/// ```
public func waitForCondition<C: Clock>(
    timeout: Duration = .seconds(7),
    pollInterval: Duration = .milliseconds(50),
    clock: C,
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, line: Int = #line, column: Int = #column,
    _ condition: () async throws -> Bool
) async throws where C.Duration == Duration {
    let start = clock.now
    let deadline = start.advanced(by: timeout)
    var checks = 0
    while true {
        checks += 1
        if try await condition() { return }
        let now = clock.now
        if now >= deadline {
            throw ConditionTimedOut(fileID: fileID, line: line, column: column, timeout: timeout,
                                    elapsed: start.duration(to: now), checks: checks)
        }
        let next = now.advanced(by: max(pollInterval, .zero))
        try await clock.sleep(until: next < deadline ? next : deadline, tolerance: nil)
    }
}

/// ``waitForCondition(timeout:pollInterval:clock:isolation:fileID:line:column:_:)``
/// on the continuous clock: real time.
public func waitForCondition(
    timeout: Duration = .seconds(7),
    pollInterval: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation,
    fileID: String = #fileID, line: Int = #line, column: Int = #column,
    _ condition: () async throws -> Bool
) async throws {
    try await waitForCondition(timeout: timeout, pollInterval: pollInterval, clock: ContinuousClock(),
                               isolation: isolation, fileID: fileID, line: line, column: column, condition)
}
