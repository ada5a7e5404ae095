import Foundation

/// Why a registration cannot be what it says, such as a subclass
/// registration whose type is no subclass: the underlying error of the
/// diagnostic the registry reports it in (never thrown on its own). It prints
/// as `error: <message>`.
struct RegistrationError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What is wrong with the registration.
    var message: String

    /// An error that says `message`.
    init(_ message: String) {
        self.message = message
    }

    var description: String { reasonDescription }

    var errorDescription: String? { description }
}

extension RegistrationError: FailureReason {
    var reason: String { message }
    static var code: DiagnosticCode? { nil }
}
