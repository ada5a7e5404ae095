/// The Swift types an assembly may name, each registered up front with typed
/// closures, so that nothing needs runtime reflection and validation can
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

    public init() {}

    /// Registers `type` under `name` (by default the type's own name).
    /// Registering a name again replaces it.
    public mutating func register<T>(
        _ type: T.Type, name: String? = nil, conformsTo: [Any.Type] = [],
        _ configure: (inout RegistrationBuilder<T>) -> Void
    ) {
        var builder = RegistrationBuilder<T>(conformances: conformsTo.map(TypeIdentity.init))
        configure(&builder)
        let name = name ?? String(describing: type)
        byName[name] = TypeRegistration(
            name: name, type: builder.produced, initializers: builder.initializers,
            factoryMethods: builder.factoryMethods, properties: builder.properties,
            callbacks: builder.callbacks, roles: InfrastructureRole.roles(of: type))
    }

    public mutating func add(_ postProcessor: any ComponentPostProcessor) {
        componentPostProcessors.append(postProcessor)
    }

    public mutating func add(_ postProcessor: any FactoryPostProcessor) {
        factoryPostProcessors.append(postProcessor)
    }

    public func registration(named name: String) -> TypeRegistration? {
        byName[name]
    }

    /// Every registered name, sorted.
    public var names: [String] { byName.keys.sorted() }

    /// The registration whose type is exactly `identity`, if one is.
    public func registration(for identity: TypeIdentity) -> TypeRegistration? {
        byName.values.first { $0.type.identity == identity }
    }
}
