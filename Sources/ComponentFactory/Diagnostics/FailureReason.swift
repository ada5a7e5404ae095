/// An error that is only a reason, in words, with no place of its own:
/// what a type converter or a registration says went wrong. The factory
/// gives it a place and a code when it reports it; on its own it prints as
/// `error: <reason>`, followed by its code when it has one.
///
/// ```swift
/// print(ConversionFailure("300 is out of range for UInt8 (0...255)"))
/// // error: 300 is out of range for UInt8 (0...255) [conversion]
/// ```
protocol FailureReason: Error, CustomStringConvertible {
    /// Why it failed, and what would work.
    var reason: String { get }
    /// The code it becomes, when there is one to print.
    static var code: DiagnosticCode? { get }
}

extension FailureReason {
    /// `error: <reason>`, and ` [code]` when the reason has one.
    var reasonDescription: String {
        "error: \(reason)" + (Self.code.map { " [\($0.rawValue)]" } ?? "")
    }
}
