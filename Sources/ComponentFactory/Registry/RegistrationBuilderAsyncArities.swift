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
        addAsync(selector, .initializer, parameterTypes: [InjectableType(A.self)]) { arguments in
            var arguments = arguments
            return CrossingInstance(Instance(try await body(arguments.next(A.self))))
        }
    }

    /// An async initializer of 2 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A: Sendable, B: Sendable>(_ selector: String = "init",
                                                               _ body: @escaping @Sendable (A, B) async throws -> sending T) {
        addAsync(selector, .initializer, parameterTypes: [InjectableType(A.self), InjectableType(B.self)]) { arguments in
            var arguments = arguments
            let a = try arguments.next(A.self), b = try arguments.next(B.self)
            return CrossingInstance(Instance(try await body(a, b)))
        }
    }

    /// An async initializer of 3 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A: Sendable, B: Sendable, C: Sendable>(
        _ selector: String = "init", _ body: @escaping @Sendable (A, B, C) async throws -> sending T
    ) {
        addAsync(selector, .initializer,
                 parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self)]) { arguments in
            var arguments = arguments
            let a = try arguments.next(A.self), b = try arguments.next(B.self), c = try arguments.next(C.self)
            return CrossingInstance(Instance(try await body(a, b, c)))
        }
    }

    /// An async initializer of 4 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ selector: String = "init", _ body: @escaping @Sendable (A, B, C, D) async throws -> sending T
    ) {
        addAsync(selector, .initializer,
                 parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self),
                                  InjectableType(D.self)]) { arguments in
            var arguments = arguments
            let a = try arguments.next(A.self), b = try arguments.next(B.self)
            let c = try arguments.next(C.self), d = try arguments.next(D.self)
            return CrossingInstance(Instance(try await body(a, b, c, d)))
        }
    }
}
