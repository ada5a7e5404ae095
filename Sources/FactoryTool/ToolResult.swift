/// What one run of the tool produced: its exit status and both output streams.
///
/// Exit statuses are the contract of design.md: 0 when there are no errors
/// (warnings allowed), 1 when errors were found, 2 when the command line is
/// wrong or an input cannot be read.
public struct ToolResult: Sendable, Equatable {
    /// No errors: warnings are allowed.
    public static let success: Int32 = 0
    /// Errors were found.
    public static let errorsFound: Int32 = 1
    /// The command line is wrong, or an input cannot be read.
    public static let usageOrUnreadable: Int32 = 2

    /// The exit status: ``success``, ``errorsFound`` or ``usageOrUnreadable``.
    public var status: Int32
    /// Standard output as UTF-8 bytes: a listing may be tens of megabytes,
    /// written out as made, with no `String` (and no UTF-8 check) between.
    public var standardOutputBytes: [UInt8]
    /// What goes to standard error.
    public var standardError: String

    /// A result with text for standard output.
    public init(status: Int32, standardOutput: String = "", standardError: String = "") {
        self.init(status: status, standardOutputBytes: Array(standardOutput.utf8), standardError: standardError)
    }

    /// A result with bytes for standard output.
    public init(status: Int32, standardOutputBytes: [UInt8], standardError: String = "") {
        self.status = status
        self.standardOutputBytes = standardOutputBytes
        self.standardError = standardError
    }

    /// Standard output as text.
    public var standardOutput: String {
        String(decoding: standardOutputBytes, as: UTF8.self)
    }
}
