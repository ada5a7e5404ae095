/// The async initializers of one to four parameters.
///
/// They say the same as the parameter-pack form in
/// `RegistrationBuilder+Async.swift`, and the compiler prefers them: each
/// argument's cast is compiled for its own type, where the pack form looks
/// each type up while resolving (see Benchmarks/README.md, issue 25).
extension RegistrationBuilder {
    /// An async initializer of 1 parameter; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A: Sendable>(_ selector: String = "init",
                                                  _ body: @escaping @Sendable (A) async throws -> sending T) {
        addAsync(selector, .initializer, parameterTypes: [InjectableType(A.self)]) { (arguments: consuming AsyncArguments) in
            Instance(try await body(arguments.take(0, as: A.self)))
        }
    }

    /// An async initializer of 2 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A: Sendable, B: Sendable>(_ selector: String = "init",
                                                               _ body: @escaping @Sendable (A, B) async throws -> sending T) {
        addAsync(selector, .initializer, parameterTypes: [InjectableType(A.self), InjectableType(B.self)]) { (arguments: consuming AsyncArguments) in
            let a = try arguments.take(0, as: A.self), b = try arguments.take(1, as: B.self)
            return Instance(try await body(a, b))
        }
    }

    /// An async initializer of 3 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A: Sendable, B: Sendable, C: Sendable>(
        _ selector: String = "init", _ body: @escaping @Sendable (A, B, C) async throws -> sending T
    ) {
        addAsync(selector, .initializer,
                 parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self)]) { (arguments: consuming AsyncArguments) in
            let a = try arguments.take(0, as: A.self), b = try arguments.take(1, as: B.self)
            let c = try arguments.take(2, as: C.self)
            return Instance(try await body(a, b, c))
        }
    }

    /// An async initializer of 4 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ selector: String = "init", _ body: @escaping @Sendable (A, B, C, D) async throws -> sending T
    ) {
        addAsync(selector, .initializer,
                 parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self),
                                  InjectableType(D.self)]) { (arguments: consuming AsyncArguments) in
            let a = try arguments.take(0, as: A.self), b = try arguments.take(1, as: B.self)
            let c = try arguments.take(2, as: C.self), d = try arguments.take(3, as: D.self)
            return Instance(try await body(a, b, c, d))
        }
    }
}
