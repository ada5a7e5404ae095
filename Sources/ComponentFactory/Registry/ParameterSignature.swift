/// One parameter of a registered initializer or method: the name XML uses
/// for it (Typhoon's rule applied to the selector) and its type.
public struct ParameterSignature: Sendable, CustomStringConvertible {
    /// The parameter's name, as `parameterName=` gives it.
    public let name: String
    /// What the parameter accepts.
    public let type: InjectableType

    public var description: String { "\(name): \(type)" }
}
