/// The registration forms for code that can suspend: `async` initializers,
/// class methods, factory methods, callbacks and setters, and the closures
/// of types isolated to an actor (`@MainActor`, another global actor, or an
/// `actor`'s methods), which are async from the factory's side.
///
/// Write the closure `async` (and its isolation, if it has one):
///
/// ```swift
/// registry.register(ViewModel.self, isolation: .mainActor) { vm in
///     vm.initializer("init(store:)") { @MainActor (store: Store) async in ViewModel(store: store) }
///     vm.property("title") { @MainActor (vm: ViewModel, title: String) async in vm.title = title }
/// }
/// registry.register(Pool.self, isolation: .actor) { pool in
///     pool.initializer { () async throws in try await Pool() }
///     pool.callback("close") { (pool: Pool) async throws in try await pool.close() }
/// }
/// ```
///
/// Every parameter type must be `Sendable` (and, for a callback, a setter
/// or a factory method, the type itself), since the values cross into the
/// closure's isolation: a registration that cannot show it does not
/// compile. The result is `sending`: a fresh instance, the caller's alone.
/// A component built by one of these can suspend, so only
/// `factory.async.component(forKey:as:)` builds it.
extension RegistrationBuilder {
    /// An `async` initializer, or one isolated to an actor.
    @inlinable
    public mutating func initializer<each P: Sendable>(
        _ selector: String = "init", _ body: @escaping @Sendable (repeat each P) async throws -> sending T
    ) {
        addAsync(selector, .initializer, parameterTypes: Self.types(repeat (each P).self)) { (arguments: consuming AsyncArguments) in
            return Instance(try await body(repeat try arguments.next((each P).self)))
        }
    }

    /// An `async` class method, or one isolated to an actor.
    @inlinable
    public mutating func classMethod<each P: Sendable>(
        _ selector: String, _ body: @escaping @Sendable (repeat each P) async throws -> sending T
    ) {
        addAsync(selector, .classMethod, parameterTypes: Self.types(repeat (each P).self)) { (arguments: consuming AsyncArguments) in
            return Instance(try await body(repeat try arguments.next((each P).self)))
        }
    }

    /// An `async` factory method, or one isolated to an actor.
    @inlinable
    public mutating func factoryMethod<each P: Sendable, R>(
        _ selector: String, returns: R.Type = R.self, _ body: @escaping @Sendable (T, repeat each P) async throws -> sending R
    ) where T: Sendable {
        addAsync(selector, .factoryMethod, parameterTypes: Self.types(repeat (each P).self), produces: ProducedType(R.self)) { (arguments: consuming AsyncArguments) in
            return Instance(try await body(arguments.receiver(T.self), repeat try arguments.next((each P).self)))
        }
    }

    /// An `async` callback, or one isolated to an actor, for
    /// `before-property-injection`, `after-property-injection`,
    /// `init-method` or `destroy-method`. It takes the component itself: a
    /// `Sendable` type (a class, an actor or a main-actor type) is changed in place.
    @inlinable
    public mutating func callback(_ name: String, _ body: @escaping @Sendable (T) async throws -> Void) where T: Sendable {
        addCallback(name, run: { _ in throw AsyncOnly(name: name) }, runAsync: { component in
            // An instance exactly of `T` is taken by comparing type metadata, as an argument is.
            guard let typed = try? component.take(as: T.self, otherwise: { _ in AsyncOnly(name: name) }) else { return {} }
            return { try await body(typed) }
        })
    }

    /// A property set by an `async` closure, or one isolated to an actor:
    /// how a main-actor type's property is injected.
    public mutating func property<V: Sendable>(_ name: String, _ set: @escaping @Sendable (T, V) async -> Void) where T: Sendable {
        properties[name] = PropertyRegistration(
            name: name, type: InjectableType(V.self), set: { _, _ in false },
            setAsync: { component, value in
                guard let typed = component.value as? T, let value = value.value as? V else { return false }
                await set(typed, value)
                return true
            })
    }

    /// A property of an actor, set on the actor by a closure that takes it
    /// `isolated`: how `@Component` injects an actor's property.
    ///
    /// ```swift
    /// builder.property("limit") { (component: isolated TicketLedger, value: Int) in component.limit = value }
    /// ```
    public mutating func property<V: Sendable>(_ name: String, _ set: @escaping @Sendable (isolated T, V) -> Void) where T: Actor {
        property(name) { (component: T, value: V) async in await set(component, value) }
    }

    /// Records a way to make an instance that can suspend.
    @usableFromInline
    mutating func addAsync(_ selector: String, _ kind: InitializerRegistration.Kind, parameterTypes: [InjectableType],
                           produces: ProducedType? = nil,
                           invoke: nonisolated(nonsending) @escaping @Sendable (consuming AsyncArguments) async throws -> Instance) {
        let registration = InitializerRegistration(
            selector: selector, kind: kind, parameterTypes: parameterTypes, produces: produces ?? produced,
            invoke: { _ in throw AsyncOnly(name: selector) }, invokeAsync: invoke)
        if kind == .factoryMethod {
            factoryMethods[selector] = registration
        } else {
            initializers[selector] = registration
        }
    }
}

/// What an async closure's synchronous entry throws: the factory never
/// calls it, since a plan that can suspend is refused by the synchronous
/// lookup before anything is built.
@usableFromInline
struct AsyncOnly: Error, CustomStringConvertible {
    let name: String

    @usableFromInline
    init(name: String) {
        self.name = name
    }

    @usableFromInline var description: String { "'\(name)' is async: only the async lookup calls it" }
}
