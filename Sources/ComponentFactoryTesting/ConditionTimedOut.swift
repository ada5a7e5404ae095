import Foundation

/// A condition that ``waitForCondition(timeout:pollInterval:isolation:fileID:line:column:_:)``
/// waited for in vain: where it was written, how long the wait took, and
/// how often it was checked.
///
/// ```
/// HumanResourcesTests/StoreTests.swift:42:9: error: condition still false after 7.00 s (time-out 7.00 s, checked 141 times)
/// ```
public struct ConditionTimedOut: Error, CustomStringConvertible, LocalizedError {
    /// The file of the `waitForCondition` call.
    public let fileID: String
    /// The line of the call.
    public let line: Int
    /// The column of the call.
    public let column: Int
    /// How long the wait was allowed.
    public let timeout: Duration
    /// The time that passed on the wait's clock.
    public let elapsed: Duration
    /// How many times the condition was checked.
    public let checks: Int

    public var description: String {
        "\(fileID):\(line):\(column): error: condition still false after \(Self.seconds(elapsed)) "
            + "(time-out \(Self.seconds(timeout)), checked \(checks) time\(checks == 1 ? "" : "s"))"
    }

    public var errorDescription: String? { description }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f s", Double(seconds) + Double(attoseconds) / 1e18)
    }
}
