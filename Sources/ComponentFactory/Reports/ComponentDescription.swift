/// What a factory knows of one component without building it: for tools
/// such as `build`, and for tests.
///
/// ```swift
/// factory.descriptions.first { $0.key == "knight" }?.dependencies  // ["quest"]
/// ```
@_spi(Tooling)
public struct ComponentDescription: Sendable, Hashable {
    /// The component's key.
    public let key: String
    /// The registered name of the type it produces.
    public let typeName: String
    /// The component's scope.
    public let scope: Scope
    /// Whether a singleton waits for its first use (`lazy-init`).
    public let isLazy: Bool
    /// The keys it references, through arguments, properties, collections,
    /// its factory component and `depends-on`, each once; a parent
    /// factory's component by its key there.
    public let dependencies: [String]
    /// Where the component is defined.
    public let location: SourceLocation
    /// Where its type's code runs, as the registry declares it.
    public let isolation: Isolation
    /// Why building it can suspend, as a chain (`viewModel → store → pool
    /// (async init)`); nil when it cannot, and the synchronous lookup builds it.
    public let suspension: String?
}

extension Factory {
    /// Every component, in definition order.
    @_spi(Tooling)
    public var descriptions: [ComponentDescription] {
        table.plans.map { plan in
            var keys: [String] = []
            func collect(_ value: ValuePlan) {
                switch value {
                case .constant: break
                case .component(let index): keys.append(table.plans[index].key)
                case .inherited(let key): keys.append(key)
                case .collection(let items, _, _): items.forEach(collect)
                case .dictionary(let entries, _, _): entries.forEach { collect($0.value) }
                }
            }
            if let factory = plan.factoryIndex { keys.append(table.plans[factory].key) }
            plan.arguments.forEach(collect)
            plan.properties.forEach { collect($0.value) }
            plan.dependencies.forEach(collect)
            var seen = Set<String>()
            return ComponentDescription(
                key: plan.key, typeName: plan.produces.identity.name, scope: plan.scope, isLazy: plan.isLazy,
                dependencies: keys.filter { seen.insert($0).inserted }, location: plan.location, isolation: plan.isolation,
                suspension: table.suspensions.chain(plan.index, plans: table.plans))
        }
    }
}
