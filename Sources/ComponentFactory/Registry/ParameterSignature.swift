/// One parameter of a registered initializer or method: the name XML uses
/// for it (Typhoon's rule applied to the selector) and its type.
package struct ParameterSignature: Sendable, CustomStringConvertible {
    /// The parameter's name, as `parameterName=` gives it.
    package let name: String
    /// What the parameter accepts.
    package let type: InjectableType

    package var description: String { "\(name): \(type)" }
}
