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
@usableFromInline
struct ArgumentTypeFailure: Error {
    let index: Int
    let expected: String
    let actual: String

    @usableFromInline
    init(index: Int, expected: String, actual: String) {
        self.index = index
        self.expected = expected
        self.actual = actual
    }
}

/// Hands a registered closure its arguments one at a time, in order. A
/// value, so that calling a closure allocates nothing for it; inlinable, so
/// that each cast is compiled for the registered parameter type.
@usableFromInline
struct ArgumentCursor {
    @usableFromInline let arguments: [Any]
    @usableFromInline var index = 0

    @inlinable
    init(_ arguments: [Any]) {
        self.arguments = arguments
    }

    @inlinable
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        guard index < arguments.count else {
            throw ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "nothing")
        }
        index += 1
        // A pattern, not `as?`: no Optional<Value> is made, so unspecialized
        // code looks up no generic metadata for it.
        switch arguments[index - 1] {
        case let value as Value:
            return value
        case let other:
            throw ArgumentTypeFailure(index: index - 1, expected: "\(Value.self)", actual: "\(type(of: other))")
        }
    }

    /// The factory component a factory method is called on.
    @inlinable
    func receiver<Receiver>(_ receiver: Any?, _ wanted: Receiver.Type) throws -> Receiver {
        guard let typed = receiver as? Receiver else {
            throw ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: receiver.map { "\(type(of: $0))" } ?? "nothing")
        }
        return typed
    }
}
