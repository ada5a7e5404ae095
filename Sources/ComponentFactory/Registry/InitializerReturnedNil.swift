import Foundation

/// What a registered failable initializer throws when it returns nil, as
/// the closures `@Component` writes do: the factory reports it as the
/// component's `build-failed`, naming the selector and the type. It prints
/// as `error: <selector> of <type> returned nil`.
///
/// ```swift
/// builder.initializer("init(number:)") { (number: Int) throws in
///     guard let port = Port(number: number) else { throw InitializerReturnedNil(selector: "init(number:)", type: "Port") }
///     return port
/// }
/// ```
public struct InitializerReturnedNil: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The selector of the initializer that returned nil.
    public var selector: String
    /// The registered type it belongs to.
    public var type: String

    /// The failure of `selector` of `type`.
    public init(selector: String, type: String) {
        self.selector = selector
        self.type = type
    }

    public var description: String { reasonDescription }

    public var errorDescription: String? { description }
}

extension InitializerReturnedNil: FailureReason {
    var reason: String { "\(selector) of \(type) returned nil" }
    static var code: DiagnosticCode? { nil }
}
