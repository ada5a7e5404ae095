/// A registered way to make an instance: an initializer, a class method, or
/// a method of a factory component. The closure is typed when registered;
/// here it takes its arguments from the factory one by one, each checked.
///
/// ```swift
/// registry.registration(named: "Knight")?.initializers["initWithQuest:"]?.parameters
/// // [quest: Quest]
/// ```
public struct InitializerRegistration: Sendable, CustomStringConvertible {
    /// How an initializer makes its component.
    public enum Kind: String, Sendable {
        /// An initializer of the type: `<initializer selector=…>`.
        case initializer
        /// A class method of the type that returns an instance: `is-class-method="yes"`.
        case classMethod = "class method"
        /// A method called on another component, the `factory-component`, that returns this one.
        case factoryMethod = "factory method"
    }

    /// The selector an assembly names it by, Typhoon's `initWithQuest:` or Swift's `init(quest:)`.
    public let selector: String
    /// Whether it is an initializer, a class method or a factory method.
    public let kind: Kind
    /// Its parameters, in order, with their names and types.
    public let parameters: [ParameterSignature]
    /// What it returns.
    public let produces: ProducedType
    /// Set when the selector names a different number of parameters than the
    /// closure takes; a definition that uses this initializer reports it.
    public let problem: String?
    /// Takes its arguments, and for factory methods the factory component, from the source.
    let invoke: @Sendable (inout ArgumentSource) throws -> Instance

    init(selector: String, kind: Kind, parameterTypes: [InjectableType], produces: ProducedType,
         invoke: @escaping @Sendable (inout ArgumentSource) throws -> Instance) {
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

/// Why a registered closure could not take an argument: its type does not
/// fit, as when a post-processor or a patch hands over something else.
@usableFromInline
struct ArgumentTypeFailure: Error, CustomStringConvertible {
    /// The parameter's position, from 0; -1 is a factory method's factory component.
    let index: Int
    let expected: String
    let actual: String

    @usableFromInline
    init(index: Int, expected: String, actual: String) {
        self.index = index
        self.expected = expected
        self.actual = actual
    }

    @usableFromInline
    var description: String {
        let what = index < 0 ? "the factory component" : "argument \(index + 1)"
        return "\(what) is \(actual), which does not fit \(expected)"
    }
}

/// Hands a registered closure its arguments one at a time, in order, each
/// resolved by the factory as it is asked for: no array of arguments is
/// made. A value of plain fields, so that calling a closure allocates and
/// retains nothing for it; inlinable, so that each cast is compiled for the
/// registered parameter type.
@usableFromInline
struct ArgumentSource {
    /// Unmanaged: the factory and the plan outlive every call, and reading
    /// them must not retain them once per argument.
    let factory: Unmanaged<Factory>
    let plan: Unmanaged<ComponentPlan>
    /// The resolution under way, for the duration of the call.
    let resolution: UnsafeMutablePointer<Resolution>
    @usableFromInline var position = 0

    init(factory: Factory, plan: ComponentPlan, resolution: UnsafeMutablePointer<Resolution>) {
        self.factory = .passUnretained(factory)
        self.plan = .passUnretained(plan)
        self.resolution = resolution
    }

    @inlinable @inline(__always)
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        let index = position
        position += 1
        return try argument(index).take(as: Value.self) { actual in
            ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "\(actual)")
        }
    }

    /// The factory component a factory method is called on.
    @inlinable
    func receiver<Receiver>(_ wanted: Receiver.Type) throws -> Receiver {
        try argument(-1).take(as: Receiver.self) { actual in
            ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: "\(actual)")
        }
    }

    /// The argument at `index`, resolved; -1 is a factory method's factory component.
    @usableFromInline
    func argument(_ index: Int) throws -> ResolvedArgument {
        try plan._withUnsafeGuaranteedRef { plan in
            try factory._withUnsafeGuaranteedRef { factory in
                try factory.argument(index, of: plan, in: &resolution.pointee)
            }
        }
    }
}
