/// A registered way to make an instance: an initializer, a class method, or
/// a method of a factory component. The closure is typed when registered;
/// here it takes its arguments as an array, checked one by one.
///
/// ```swift
/// registry.registration(named: "Knight")?.initializers["initWithQuest:"]?.parameters
/// // [quest: Quest]
/// ```
public struct InitializerRegistration: Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case initializer
        case classMethod = "class method"
        case factoryMethod = "factory method"
    }

    public let selector: String
    public let kind: Kind
    public let parameters: [ParameterSignature]
    /// What it returns.
    public let produces: ProducedType
    /// Set when the selector names a different number of parameters than the
    /// closure takes; a definition that uses this initializer reports it.
    public let problem: String?
    /// Receives the factory component for factory methods, nil otherwise.
    let invoke: @Sendable (Any?, [Any]) throws -> Any

    init(selector: String, kind: Kind, parameterTypes: [InjectableType], produces: ProducedType,
         invoke: @escaping @Sendable (Any?, [Any]) throws -> Any) {
        self.selector = selector
        self.kind = kind
        self.produces = produces
        self.invoke = invoke
        let names = Selector.parameterNames(of: selector)
        if names.count == parameterTypes.count {
            self.parameters = zip(names, parameterTypes).map { ParameterSignature(name: $0, type: $1) }
            self.problem = nil
        } else {
            self.parameters = parameterTypes.enumerated().map { ParameterSignature(name: "_\($0)", type: $1) }
            self.problem = "the \(kind.rawValue) '\(selector)' names \(names.count) parameter\(names.count == 1 ? "" : "s") "
                + "but its registered closure takes \(parameterTypes.count)"
        }
    }

    public var description: String {
        "\(selector)(" + parameters.map(\.description).joined(separator: ", ") + ") -> \(produces)"
    }
}

/// Why a registered closure could not take an argument: its type does not fit.
struct ArgumentTypeFailure: Error {
    let index: Int
    let expected: String
    let actual: String
}

/// Hands a registered closure its arguments one at a time, in order.
final class ArgumentCursor {
    private let arguments: [Any]
    private var index = 0

    init(_ arguments: [Any]) {
        self.arguments = arguments
    }

    func next<Value>(_ wanted: Value.Type) throws -> Value {
        defer { index += 1 }
        guard index < arguments.count else {
            throw ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "nothing")
        }
        guard let value = arguments[index] as? Value else {
            throw ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "\(type(of: arguments[index]))")
        }
        return value
    }
}
