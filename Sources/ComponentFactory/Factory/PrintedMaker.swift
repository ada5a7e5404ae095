/// What compiled wiring's printed maker of one component takes from a
/// factory: the component's converted values, read once when the typed
/// accessors are made. Only generated code uses it (`compile-wiring --module`).
///
/// The engine alone decides whether a component may be made by its printed
/// maker (``Factory/printedMaker(forKey:type:labels:references:)``): a
/// prototype of this factory's own, made by an initializer that only calls
/// the type's `init` (``RegistrationBuilder/callsInitializer(_:labels:)``),
/// with no property, callback, `depends-on` or suspension, in a factory
/// with no component post-processor. Everything else, and every component
/// while a patch is in place (``Factory/isUnpatched``), goes through the
/// engine, so that no scope, lock, patch or failure rule is written twice.
@_spi(CompiledWiring)
public struct PrintedMaker: Sendable {
    let plan: ComponentPlan

    /// The converted value the component's initializer takes at `position`,
    /// as `T`; nil when that argument is no value of `T` (a reference, or
    /// wiring of other assemblies), and the accessor then uses the engine.
    public func value<T>(at position: Int, as type: T.Type = T.self) -> T? {
        guard position >= 0, position < plan.arguments.count, case .constant(let instance) = plan.arguments[position] else {
            return nil
        }
        return instance.value as? T
    }
}

extension Factory {
    /// Whether no patch is in place: one atomic load. A printed maker runs
    /// only while this holds; otherwise its accessor asks the engine.
    @_spi(CompiledWiring)
    public var isUnpatched: Bool { patches.isEmpty }

    /// The values for the printed maker of `key`, when the engine lets it
    /// make that component; nil when the engine must build it.
    ///
    /// - Parameters:
    ///   - type: the type the maker's initializer belongs to; the component must be registered as exactly it.
    ///   - labels: the initializer's argument labels, as the registration declared them.
    ///   - references: per argument, the key of the component it must be,
    ///     or nil where it must be a value; any other argument is refused.
    @_spi(CompiledWiring)
    public func printedMaker(forKey key: String, type: Any.Type, labels: [String], references: [String?]) -> PrintedMaker? {
        guard table.postProcessors.isEmpty, let own = index(ofKey: key) else { return nil }
        let plan = table.plans[own]
        guard plan.scope == .prototype, plan.produces.identity.id == ObjectIdentifier(type),
              plan.names.kind == .initializer, plan.names.initializerLabels == labels,
              plan.properties.isEmpty, plan.beforePropertyInjection == nil, plan.afterPropertyInjection == nil,
              plan.initMethod == nil, plan.dependencies.isEmpty, plan.factoryIndex == nil,
              plan.isolation == .nonisolated, plan.ownSuspension == nil,
              plan.arguments.count == references.count else { return nil }
        for (argument, reference) in zip(plan.arguments, references) {
            switch (argument, reference) {
            case (.constant, nil):
                continue
            case (.component(let index), let key?) where table.plans[index].key == key:
                continue
            default:
                return nil
            }
        }
        return PrintedMaker(plan: plan)
    }
}
