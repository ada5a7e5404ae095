/// What compiled wiring's printed maker of one component takes from a
/// plan table: the component's converted values, read once when the
/// generated code is set up (see ``PrintedMakers``).
@_spi(CompiledWiring)
public struct PrintedMaker: Sendable {
    let plan: ComponentPlan

    /// The converted value the component's initializer takes at `position`,
    /// or, past its arguments, the value its property at `position` minus
    /// their count is set to, as `T`; nil when that is no value of `T` (a
    /// reference, or wiring of other assemblies), and the engine then makes the component.
    public func value<T>(at position: Int, as type: T.Type = T.self) -> T? {
        let arguments = plan.arguments.count
        guard position >= 0, position < arguments + plan.properties.count else { return nil }
        let value = position < arguments ? plan.arguments[position] : plan.properties[position - arguments].value
        guard case .constant(let instance) = value else { return nil }
        return instance.value as? T
    }
}
