import Foundation

/// A registration that cannot be what it says, such as a subclass
/// registration whose type is no subclass. It prints as `error: <message>`.
///
/// ```swift
/// do { try registry.register(Sword.self, inheriting: Knight.self) { _ in } }
/// catch { print(error) }  // error: Sword is not a subclass of Knight, so it cannot inherit its registration
/// ```
public struct RegistrationError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What is wrong with the registration.
    public var message: String

    /// An error that says `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { reasonDescription }

    public var errorDescription: String? { description }
}

extension RegistrationError: FailureReason {
    var reason: String { message }
    static var code: DiagnosticCode? { nil }
}
