/// A registered way to make an instance: an initializer, a class method, or
/// a method of a factory component. The closure is typed when registered;
/// here it takes its arguments from the factory one by one, each checked.
///
/// ```swift
/// registry.registration(named: "Knight")?.initializers["initWithQuest:"]?.parameters
/// // [quest: Quest]
/// ```
@usableFromInline
package struct InitializerRegistration: Sendable, CustomStringConvertible {
    /// How an initializer makes its component.
    /// The maker of a `seeded` request component: never called, since a
    /// scope holds the instance given when it opened; it says so if asked.
    static func seeded(_ key: String, produces: ProducedType) -> InitializerRegistration {
        InitializerRegistration(selector: "seeded", kind: .initializer, parameterTypes: [], produces: produces) { _ in
            throw Diagnostic(.buildFailed, "component '\(key)' is seeded: give it when the scope opens, "
                                 + "factory.openScope(seeding: [\"\(key)\": …])", at: nil)
        }
    }

    @usableFromInline
    package enum Kind: String, Sendable {
        /// An initializer of the type: `<initializer selector=…>`.
        case initializer
        /// A class method of the type that returns an instance: `is-class-method="yes"`.
        case classMethod = "class method"
        /// A method called on another component, the `factory-component`, that returns this one.
        case factoryMethod = "factory method"
    }

    /// The selector an assembly names it by, Typhoon's `initWithQuest:` or Swift's `init(quest:)`.
    package let selector: String
    /// Whether it is an initializer, a class method or a factory method.
    package let kind: Kind
    /// Its parameters, in order, with their names and types.
    package let parameters: [ParameterSignature]
    /// What it returns.
    package let produces: ProducedType
    /// Set when the selector names a different number of parameters than the
    /// closure takes; a definition that uses this initializer reports it.
    package let problem: String?
    /// Takes its arguments, and for factory methods the factory component, from the source.
    let invoke: @Sendable (inout Arguments) throws -> Instance
    /// For an `async` closure (or one isolated to an actor, which is async
    /// from the factory's side): takes its arguments resolved. Only the
    /// async lookup calls it; `invoke` then refuses.
    let invokeAsync: (nonisolated(nonsending) @Sendable (consuming AsyncArguments) async throws -> Instance)?

    /// Whether calling it can suspend: an `async` or isolated closure.
    package var isAsync: Bool { invokeAsync != nil }
    /// Set by ``RegistrationBuilder/callsInitializer(_:labels:)``: the closure
    /// does nothing but call the type's own `init` with these argument labels
    /// (`_` for none), one argument a parameter, and cannot fail. Compiled
    /// wiring's printed makers call that initializer themselves.
    package var initializerLabels: [String]?

    init(selector: String, kind: Kind, parameterTypes: [InjectableType], produces: ProducedType,
         invoke: @escaping @Sendable (inout Arguments) throws -> Instance,
         invokeAsync: (nonisolated(nonsending) @Sendable (consuming AsyncArguments) async throws -> Instance)? = nil) {
        self.selector = selector
        self.kind = kind
        self.produces = produces
        self.invoke = invoke
        self.invokeAsync = invokeAsync
        let names = SelectorParameters.names(of: selector)
        if names.count == parameterTypes.count {
            self.parameters = zip(names, parameterTypes).map { ParameterSignature(name: $0, type: $1) }
            self.problem = nil
        } else {
            self.parameters = parameterTypes.enumerated().map { ParameterSignature(name: "_\($0)", type: $1) }
            self.problem = "the \(kind.rawValue) '\(selector)' names \(names.count) parameter\(names.count == 1 ? "" : "s") "
                + "but its registered closure takes \(parameterTypes.count)"
        }
    }

    @usableFromInline
    package var description: String {
        (isAsync ? "async " : "") + "\(selector)(" + parameters.map(\.description).joined(separator: ", ") + ") -> \(produces)"
            + (initializerLabels.map { ", calls init(" + $0.map { "\($0):" }.joined() + ")" } ?? "")
    }
}
