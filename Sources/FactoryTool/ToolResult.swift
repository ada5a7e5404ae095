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
    /// Standard output as UTF-8 bytes: a listing may be tens of megabytes,
    /// written out as made, with no `String` (and no UTF-8 check) between.
    public var standardOutputBytes: [UInt8]
    public var standardError: String

    public init(status: Int32, standardOutput: String = "", standardError: String = "") {
        self.init(status: status, standardOutputBytes: Array(standardOutput.utf8), standardError: standardError)
    }

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
