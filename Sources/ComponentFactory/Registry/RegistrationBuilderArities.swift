/// The registration builders for closures of one to four parameters, and
/// initializers of five and six (a controller's usual size).
///
/// They say the same as the parameter-pack forms in ``RegistrationBuilder``,
/// and the compiler prefers them: a parameter pack is walked one element
/// at a time with its type looked up while resolving, while here each
/// argument's cast is compiled for its own type, which makes resolving a
/// graph faster (see Benchmarks/README.md).
extension RegistrationBuilder {
    /// An initializer of 1 parameter; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A>(_ selector: String = "init", _ body: @escaping @Sendable (A) throws -> T) {
        add(selector, .initializer, parameterTypes: [InjectableType(A.self)]) { arguments in
            Instance(try body(arguments.next(A.self)))
        }
    }

    /// An initializer of 2 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A, B>(_ selector: String = "init", _ body: @escaping @Sendable (A, B) throws -> T) {
        add(selector, .initializer,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self)]) { arguments in
            Instance(try body(arguments.next(A.self),
                     arguments.next(B.self)))
        }
    }

    /// An initializer of 3 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A, B, C>(_ selector: String = "init", _ body: @escaping @Sendable (A, B, C) throws -> T) {
        add(selector, .initializer,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self)]) { arguments in
            Instance(try body(arguments.next(A.self),
                     arguments.next(B.self),
                     arguments.next(C.self)))
        }
    }

    /// An initializer of 4 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A, B, C, D>(_ selector: String = "init", _ body: @escaping @Sendable (A, B, C, D) throws -> T) {
        add(selector, .initializer,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self), InjectableType(D.self)]) { arguments in
            Instance(try body(arguments.next(A.self),
                     arguments.next(B.self),
                     arguments.next(C.self),
                     arguments.next(D.self)))
        }
    }

    /// An initializer of 5 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A, B, C, D, E>(_ selector: String = "init",
                                                    _ body: @escaping @Sendable (A, B, C, D, E) throws -> T) {
        add(selector, .initializer,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self), InjectableType(D.self),
                             InjectableType(E.self)]) { arguments in
            Instance(try body(arguments.next(A.self),
                     arguments.next(B.self),
                     arguments.next(C.self),
                     arguments.next(D.self),
                     arguments.next(E.self)))
        }
    }

    /// An initializer of 6 parameters; see the parameter-pack form.
    @inlinable
    public mutating func initializer<A, B, C, D, E, F>(_ selector: String = "init",
                                                       _ body: @escaping @Sendable (A, B, C, D, E, F) throws -> T) {
        add(selector, .initializer,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self), InjectableType(D.self),
                             InjectableType(E.self), InjectableType(F.self)]) { arguments in
            Instance(try body(arguments.next(A.self),
                     arguments.next(B.self),
                     arguments.next(C.self),
                     arguments.next(D.self),
                     arguments.next(E.self),
                     arguments.next(F.self)))
        }
    }

    /// A class method of 1 parameter; see the parameter-pack form.
    @inlinable
    public mutating func classMethod<A>(_ selector: String, _ body: @escaping @Sendable (A) throws -> T) {
        add(selector, .classMethod, parameterTypes: [InjectableType(A.self)]) { arguments in
            Instance(try body(arguments.next(A.self)))
        }
    }

    /// A class method of 2 parameters; see the parameter-pack form.
    @inlinable
    public mutating func classMethod<A, B>(_ selector: String, _ body: @escaping @Sendable (A, B) throws -> T) {
        add(selector, .classMethod,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self)]) { arguments in
            Instance(try body(arguments.next(A.self),
                     arguments.next(B.self)))
        }
    }

    /// A class method of 3 parameters; see the parameter-pack form.
    @inlinable
    public mutating func classMethod<A, B, C>(_ selector: String, _ body: @escaping @Sendable (A, B, C) throws -> T) {
        add(selector, .classMethod,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self)]) { arguments in
            Instance(try body(arguments.next(A.self),
                     arguments.next(B.self),
                     arguments.next(C.self)))
        }
    }

    /// A class method of 4 parameters; see the parameter-pack form.
    @inlinable
    public mutating func classMethod<A, B, C, D>(_ selector: String, _ body: @escaping @Sendable (A, B, C, D) throws -> T) {
        add(selector, .classMethod,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self), InjectableType(D.self)]) { arguments in
            Instance(try body(arguments.next(A.self),
                     arguments.next(B.self),
                     arguments.next(C.self),
                     arguments.next(D.self)))
        }
    }

    /// A factory method of 1 parameter; see the parameter-pack form.
    @inlinable
    public mutating func factoryMethod<A, R>(_ selector: String, returns: R.Type = R.self, _ body: @escaping @Sendable (T, A) throws -> R) {
        add(selector, .factoryMethod, parameterTypes: [InjectableType(A.self)], produces: ProducedType(R.self)) { arguments in
            Instance(try body(arguments.receiver(T.self),
                     arguments.next(A.self)))
        }
    }

    /// A factory method of 2 parameters; see the parameter-pack form.
    @inlinable
    public mutating func factoryMethod<A, B, R>(_ selector: String, returns: R.Type = R.self, _ body: @escaping @Sendable (T, A, B) throws -> R) {
        add(selector, .factoryMethod,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self)], produces: ProducedType(R.self)) { arguments in
            Instance(try body(arguments.receiver(T.self),
                     arguments.next(A.self),
                     arguments.next(B.self)))
        }
    }

    /// A factory method of 3 parameters; see the parameter-pack form.
    @inlinable
    public mutating func factoryMethod<A, B, C, R>(_ selector: String, returns: R.Type = R.self, _ body: @escaping @Sendable (T, A, B, C) throws -> R) {
        add(selector, .factoryMethod,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self)], produces: ProducedType(R.self)) { arguments in
            Instance(try body(arguments.receiver(T.self),
                     arguments.next(A.self),
                     arguments.next(B.self),
                     arguments.next(C.self)))
        }
    }

    /// A factory method of 4 parameters; see the parameter-pack form.
    @inlinable
    public mutating func factoryMethod<A, B, C, D, R>(_ selector: String, returns: R.Type = R.self, _ body: @escaping @Sendable (T, A, B, C, D) throws -> R) {
        add(selector, .factoryMethod,
            parameterTypes: [InjectableType(A.self), InjectableType(B.self), InjectableType(C.self), InjectableType(D.self)], produces: ProducedType(R.self)) { arguments in
            Instance(try body(arguments.receiver(T.self),
                     arguments.next(A.self),
                     arguments.next(B.self),
                     arguments.next(C.self),
                     arguments.next(D.self)))
        }
    }
}
