/// What one run of the tool produced: its exit status and both output streams.
///
/// Exit statuses are the contract of design.md: 0 when there are no errors
/// (warnings allowed), 1 when errors were found, 2 when the command line is
/// wrong or an input cannot be read.
public struct ToolResult: Sendable, Equatable {
    public static let success: Int32 = 0
    public static let errorsFound: Int32 = 1
    public static let usageOrUnreadable: Int32 = 2

    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public init(status: Int32, standardOutput: String = "", standardError: String = "") {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}
