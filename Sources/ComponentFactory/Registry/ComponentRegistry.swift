/// The Swift types an assembly may name, each registered up front with typed
/// closures, so that nothing needs runtime reflection and an environment build can
/// type-check an assembly without building it.
///
/// It also carries the custom type converters and post-processors that every
/// factory built with it starts from. A registry is a value: each factory
/// copies it, so no two factories share state.
///
/// ```swift
/// var registry = ComponentRegistry()
/// registry.register(CampaignQuest.self, conformsTo: [(any Quest).self]) { q in
///     q.initializer { CampaignQuest() }
/// }
/// registry.register(Knight.self) { k in
///     k.initializer("initWithQuest:damselsRescued:") { (quest: any Quest, damsels: Int) in
///         Knight(quest: quest, damselsRescued: damsels)
///     }
///     k.property("hitRatio", \.hitRatio)
/// }
/// ```
public struct ComponentRegistry: Sendable {
    private var byName: [String: TypeRegistration] = [:]
    /// The converters every factory starts with: the built-ins and yours.
    public var converters = TypeConverters()
    /// Run in `order`, then in the order added, for every factory.
    public private(set) var componentPostProcessors: [any ComponentPostProcessor] = []
    public private(set) var factoryPostProcessors: [any FactoryPostProcessor] = []
    /// The settings types, in the order registered: each bound in every environment.
    package private(set) var settingsTypes: [any Settings.Type] = []
    /// Whether a Swift type is a service: set by the lifecycle product, which
    /// knows swift-service-lifecycle's `Service`; nil when nothing recognizes services.
    package var isService: (@Sendable (Any.Type) -> Bool)?

    /// An empty registry; register each type an assembly names.
    public init() {}

    /// Registers `type` under `name` (by default the type's own name).
    /// Registering a name again replaces it. `isolation` says where the
    /// type's code runs (a `@MainActor` type, an `actor`): its closures are
    /// then the async forms, isolated as the type is.
    public mutating func register<T>(
        _ type: T.Type, name: String? = nil, conformsTo: [Any.Type] = [], isolation: Isolation = .nonisolated,
        _ configure: (inout RegistrationBuilder<T>) -> Void
    ) {
        var builder = RegistrationBuilder<T>(conformances: conformsTo.map(TypeIdentity.init))
        configure(&builder)
        add(builder, name: name ?? String(describing: type), type: type, isolation: isolation)
    }

    /// Registers the class `type` as a subclass of the registered class
    /// `superclass`: it takes the superclass's registered properties,
    /// callbacks and conformances, and `configure` adds its own initializers
    /// (Swift does not inherit those) and may replace any of them by name.
    /// Throws a report of one diagnostic unless both are classes, `type` is
    /// a real subclass (`type-mismatch`), and `superclass` is registered
    /// already (`unknown-class`); the diagnostic's message says which.
    ///
    /// ```swift
    /// try registry.register(CavalryMan.self, inheriting: Knight.self) { cavalry in
    ///     cavalry.initializer("initWithQuest:") { (quest: any Quest) in CavalryMan(quest: quest) }
    ///     cavalry.property("hasHorseWillTravel", \.hasHorseWillTravel)
    /// }
    /// ```
    public mutating func register<T, Superclass>(
        _ type: T.Type, name: String? = nil, inheriting superclass: Superclass.Type, conformsTo: [Any.Type] = [],
        _ configure: (inout RegistrationBuilder<T>) -> Void
    ) throws(DiagnosticReport) {
        var builder = try inheritedBuilder(type, from: superclass, conformsTo: conformsTo)
        configure(&builder)
        add(builder, name: name ?? String(describing: type), type: type, isolation: isolation(inheritedFrom: superclass))
    }

    /// A subclass runs where its superclass does: Swift makes a subclass of a `@MainActor` class `@MainActor` too.
    private func isolation<Superclass>(inheritedFrom superclass: Superclass.Type) -> Isolation {
        registration(for: TypeIdentity(Superclass.self))?.isolation ?? .nonisolated
    }

    /// A builder that starts with `superclass`'s properties, callbacks and conformances.
    private func inheritedBuilder<T, Superclass>(
        _ type: T.Type, from superclass: Superclass.Type, conformsTo: [Any.Type]
    ) throws(DiagnosticReport) -> RegistrationBuilder<T> {
        func refusal(_ code: DiagnosticCode, _ message: String) -> DiagnosticReport {
            DiagnosticReport([Diagnostic(code, message, at: nil, underlyingError: RegistrationError(message))])
        }
        guard T.self is AnyClass, Superclass.self is AnyClass, T.self is Superclass.Type, T.self != Superclass.self else {
            throw refusal(.typeMismatch, "\(T.self) is not a subclass of \(Superclass.self), so it cannot inherit its registration")
        }
        guard let inherited = registration(for: TypeIdentity(Superclass.self)) else {
            throw refusal(.unknownClass, "\(Superclass.self) is not registered; register it before its subclass \(T.self)")
        }
        var builder = RegistrationBuilder<T>(conformances: inherited.type.conformances + conformsTo.map(TypeIdentity.init))
        builder.properties = inherited.properties
        builder.callbacks = inherited.callbacks
        return builder
    }

    /// Registers a type by a registration declared in code (what `@Component`
    /// writes): its declarations first, then `configure`'s, which may add to
    /// them or replace one by name. `name` and `conformsTo` default to what the registration declares.
    public mutating func register<R: ComponentRegistration>(
        _ registration: R.Type, name: String? = nil, conformsTo: [Any.Type] = [],
        _ configure: (inout RegistrationBuilder<R.Component>) -> Void = { _ in }
    ) {
        var builder = RegistrationBuilder<R.Component>(conformances: (R.conformances + conformsTo).map(TypeIdentity.init))
        R.register(in: &builder)
        configure(&builder)
        add(builder, name: name ?? R.name, type: R.Component.self, isolation: R.isolation)
    }

    /// Registers a subclass by a registration declared in code, with its
    /// superclass's properties, callbacks and conformances as
    /// `register(_:name:inheriting:conformsTo:_:)` gives them.
    public mutating func register<R: ComponentRegistration, Superclass>(
        _ registration: R.Type, name: String? = nil, inheriting superclass: Superclass.Type, conformsTo: [Any.Type] = [],
        _ configure: (inout RegistrationBuilder<R.Component>) -> Void = { _ in }
    ) throws(DiagnosticReport) {
        var builder = try inheritedBuilder(R.Component.self, from: superclass, conformsTo: R.conformances + conformsTo)
        R.register(in: &builder)
        configure(&builder)
        add(builder, name: name ?? R.name, type: R.Component.self, isolation: R.isolation == .nonisolated ? isolation(inheritedFrom: superclass) : R.isolation)
    }

    /// Registers a type that has its own registration (`@Component`), as
    /// `register(T.Registration.self, …)` does.
    public mutating func register<T: SelfRegistering>(
        _ type: T.Type, name: String? = nil, conformsTo: [Any.Type] = [],
        _ configure: (inout RegistrationBuilder<T>) -> Void = { _ in }
    ) where T.Registration.Component == T {
        register(T.Registration.self, name: name, conformsTo: conformsTo, configure)
    }

    private mutating func add<T>(_ builder: RegistrationBuilder<T>, name: String, type: T.Type, isolation: Isolation) {
        byName[name] = TypeRegistration(
            name: name, type: builder.produced, isolation: isolation, initializers: builder.initializers,
            factoryMethods: builder.factoryMethods, properties: builder.properties,
            callbacks: builder.callbacks, roles: InfrastructureRole.roles(of: type))
    }

    /// Adds a post-processor that sees each component after it is built, in ``ComponentPostProcessor/order``.
    public mutating func add(_ postProcessor: any ComponentPostProcessor) {
        componentPostProcessors.append(postProcessor)
    }

    /// Registers a ``Settings`` type: every factory binds it from its
    /// environment's configuration when it loads, and a load, or the app's
    /// `validate`, with a field that fails is an error at the `.properties`
    /// line. A component's initializer parameter of the type is autowired
    /// with it, unless an assembly defines a component of the type; code
    /// reads it with ``Factory/settings(_:)``. Registering a type again changes nothing.
    ///
    /// ```swift
    /// registry.register(settings: ServerSettings.self)
    /// ```
    public mutating func register<S: Settings>(settings type: S.Type) {
        guard !settingsTypes.contains(where: { $0 == type }) else { return }
        settingsTypes.append(type)
    }

    /// Adds a post-processor that may change the definitions before any plan is compiled, in ``FactoryPostProcessor/order``.
    public mutating func add(_ postProcessor: any FactoryPostProcessor) {
        factoryPostProcessors.append(postProcessor)
    }

    /// The registration of the type registered as `name`, as `class=` names it; nil when there is none.
    package func registration(named name: String) -> TypeRegistration? {
        byName[name]
    }

    /// Every registered name, sorted.
    package var names: [String] { byName.keys.sorted() }

    /// The registration whose type is exactly `identity`, if one is.
    package func registration(for identity: TypeIdentity) -> TypeRegistration? {
        byName.values.first { $0.type.identity == identity }
    }
}

extension ComponentRegistry: CustomStringConvertible {
    /// Every registered type, by name: its initializers, class methods and
    /// factory methods with each parameter's name and type, its properties
    /// with their types, its callbacks and what it is found by. What an
    /// assembly may use, inspected without building anything.
    ///
    /// ```
    /// Knight (Knight)
    ///   initializer initWithQuest:(quest: Quest?) -> Knight
    ///   property damselsRescued: UInt
    /// ```
    public var description: String {
        names.compactMap { byName[$0]?.description }.joined(separator: "\n")
    }
}
