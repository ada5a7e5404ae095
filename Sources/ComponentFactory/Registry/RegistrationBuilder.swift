/// Declares, typed, what one registered type can do. It is handed to the
/// closure of `ComponentRegistry/register(_:name:conformsTo:_:)`.
///
/// ```swift
/// registry.register(Knight.self, conformsTo: [(any Fighter).self]) { k in
///     k.initializer("initWithQuest:") { (quest: any Quest) in Knight(quest: quest) }
///     k.property("damselsRescued", \.damselsRescued)
///     k.callback("ready") { $0.ready() }
/// }
/// ```
public struct RegistrationBuilder<T> {
    var initializers: [String: InitializerRegistration] = [:]
    var factoryMethods: [String: InitializerRegistration] = [:]
    var properties: [String: PropertyRegistration] = [:]
    var callbacks: [String: CallbackRegistration] = [:]
    var conformances: [TypeIdentity]

    init(conformances: [TypeIdentity]) {
        self.conformances = conformances
    }

    /// An initializer. Its parameters take their names from the selector by
    /// Typhoon's rule (`initWithQuest:hitRatio:` gives `quest`, `hitRatio`);
    /// a Swift-style `init(quest:hitRatio:)` works too. `init` with no
    /// parameters is what a component without `<initializer>` uses.
    ///
    /// Closures of one to six parameters take the overloads in
    /// `RegistrationBuilderArities.swift`, which the compiler prefers: there
    /// each argument's cast is compiled for its own type. This form takes
    /// any number, through a parameter pack, whose casts stay generic.
    @inlinable
    public mutating func initializer<each P>(
        _ selector: String = "init", _ body: @escaping @Sendable (repeat each P) throws -> T
    ) {
        add(selector, .initializer, parameterTypes: Self.types(repeat (each P).self)) { arguments in
            Instance(try body(repeat try arguments.next((each P).self)))
        }
    }

    /// A class method that returns an instance, such as `URLWithString:`;
    /// used with `is-class-method="yes"`.
    @inlinable
    public mutating func classMethod<each P>(
        _ selector: String, _ body: @escaping @Sendable (repeat each P) throws -> T
    ) {
        add(selector, .classMethod, parameterTypes: Self.types(repeat (each P).self)) { arguments in
            Instance(try body(repeat try arguments.next((each P).self)))
        }
    }

    /// A method that builds another component when this type is a
    /// `factory-component`: the component's `<initializer selector>` names it.
    /// What it returns is found by `conformsTo` of the returned type's own
    /// registration, or by `returns` itself.
    @inlinable
    public mutating func factoryMethod<each P, R>(
        _ selector: String, returns: R.Type = R.self, _ body: @escaping @Sendable (T, repeat each P) throws -> R
    ) {
        add(selector, .factoryMethod, parameterTypes: Self.types(repeat (each P).self), produces: ProducedType(R.self)) { arguments in
            Instance(try body(arguments.receiver(T.self), repeat try arguments.next((each P).self)))
        }
    }

    /// Records a way to make an instance. Each caller turns its closure's
    /// result into an ``Instance`` itself, so that this is compiled for the
    /// result's type (no cast for a class) with no closure in between.
    @usableFromInline
    mutating func add(_ selector: String, _ kind: InitializerRegistration.Kind, parameterTypes: [InjectableType],
                      produces: ProducedType? = nil, invoke: @escaping @Sendable (inout Arguments) throws -> Instance) {
        let registration = InitializerRegistration(selector: selector, kind: kind, parameterTypes: parameterTypes,
                                                   produces: produces ?? produced, invoke: invoke)
        if kind == .factoryMethod {
            factoryMethods[selector] = registration
        } else {
            initializers[selector] = registration
        }
    }

    /// Declares that the initializer registered under `selector` does nothing
    /// but call `T`'s own `init` with `labels` (`_` for an unlabelled
    /// argument), passing its parameters in order, and can neither throw nor
    /// return nil. Compiled wiring may then call that initializer directly
    /// (see <doc:CompiledWiring>); the interpreter still calls the closure.
    /// The `@Component` macro declares this for each plain initializer it
    /// registers. A declaration that names no registered synchronous
    /// initializer with as many parameters as labels is ignored.
    ///
    /// ```swift
    /// registry.register(Leaf.self) { leaf in
    ///     leaf.initializer("init(value:)") { (value: Int) in Leaf(value: value) }
    ///     leaf.callsInitializer("init(value:)", labels: ["value"])
    /// }
    /// ```
    public mutating func callsInitializer(_ selector: String, labels: [String]) {
        guard var registration = initializers[selector], registration.kind == .initializer, !registration.isAsync,
              registration.problem == nil, registration.parameters.count == labels.count else { return }
        registration.initializerLabels = labels
        initializers[selector] = registration
    }

    /// Declares that the property registered as `name` is set by nothing but
    /// an assignment to `T`'s member `member`, as a key path registration
    /// does. Compiled wiring may then assign it directly (see
    /// <doc:CompiledWiring>); the interpreter still calls the setter. The
    /// `@Component` macro declares this for each property it registers by
    /// key path. A declaration that names no registered synchronous property is ignored.
    ///
    /// ```swift
    /// registry.register(Lamp.self) { lamp in
    ///     lamp.property("watts", \.watts)
    ///     lamp.assignsProperty("watts", member: "watts")
    /// }
    /// ```
    public mutating func assignsProperty(_ name: String, member: String) {
        guard var registration = properties[name], !registration.isAsync else { return }
        registration.member = member
        properties[name] = registration
    }

    /// Declares that the callback registered as `name` does nothing but call
    /// `T`'s method `method` with no argument, and cannot throw. Compiled
    /// wiring may then call the method directly (see <doc:CompiledWiring>);
    /// the interpreter still calls the closure. The `@Component` macro
    /// declares this for each `@Callback` method that neither throws nor
    /// suspends. A declaration that names no registered synchronous callback is ignored.
    ///
    /// ```swift
    /// registry.register(Lamp.self) { lamp in
    ///     lamp.callback("switchOn") { $0.switchOn() }
    ///     lamp.callsMethod("switchOn", method: "switchOn")
    /// }
    /// ```
    public mutating func callsMethod(_ name: String, method: String) {
        guard var registration = callbacks[name], !registration.isAsync else { return }
        registration.method = method
        callbacks[name] = registration
    }

    /// A property that `<property name>` can set, by writable key path
    /// (a class's `ReferenceWritableKeyPath` is one too).
    @inlinable
    public mutating func property<V>(_ name: String, _ keyPath: WritableKeyPath<T, V> & Sendable) {
        addProperty(name, type: InjectableType(V.self), set: { instance, value in
            guard var typed = instance as? T, let value = value as? V else { return false }
            typed[keyPath: keyPath] = value
            instance = typed
            return true
        })
    }

    /// Records a property. Each caller makes its setter itself, so that it is
    /// compiled for `T` and the value's type where it is registered, as a callback's is.
    @usableFromInline
    mutating func addProperty(_ name: String, type: InjectableType, set: @escaping @Sendable (inout Any, Any) -> Bool) {
        properties[name] = PropertyRegistration(name: name, type: type, set: set)
    }

    /// A callback that `before-property-injection`, `after-property-injection`,
    /// `init-method` or `destroy-method` can name.
    @inlinable
    public mutating func callback(_ name: String, _ body: @escaping @Sendable (inout T) throws -> Void) {
        addCallback(name, run: { instance in
            guard var typed = instance as? T else { return }
            try body(&typed)
            instance = typed
        })
    }

    /// Records a callback. Each caller makes its closures itself, so that
    /// they are compiled for `T` where it is registered: compiled here, for
    /// any `T`, an async destroy method's cast of its component went through
    /// the runtime's dynamic cast on every request that ran it.
    @usableFromInline
    mutating func addCallback(_ name: String, run: @escaping @Sendable (inout Any) throws -> Void,
                              runAsync: (@Sendable (Instance) -> nonisolated(nonsending) @Sendable () async throws -> Void)? = nil) {
        callbacks[name] = CallbackRegistration(name: name, run: run, runAsync: runAsync)
    }

    /// Makes the type findable by `protocolOrSuperclass` too: in autowiring,
    /// lookup by type, and the type check of references. Subclasses are found
    /// without this; protocols need it.
    public mutating func conforms(to protocolOrSuperclass: Any.Type) {
        conformances.append(TypeIdentity(protocolOrSuperclass))
    }

    var produced: ProducedType { ProducedType(T.self, conformances: conformances) }

    @usableFromInline
    static func types<each P>(_ types: repeat (each P).Type) -> [InjectableType] {
        var result: [InjectableType] = []
        for type in repeat each types {
            result.append(InjectableType(type))
        }
        return result
    }
}
