/// What compiled wiring's printed maker of one component takes from a
/// plan table: the component's converted values, read once when the
/// generated code is set up (see ``PrintedMakers``).
@_spi(CompiledWiring)
public struct PrintedMaker: Sendable {
    let plan: ComponentPlan

    /// The converted value the component's initializer takes at `position`,
    /// as `T`; nil when that argument is no value of `T` (a reference, or
    /// wiring of other assemblies), and the engine then makes the component.
    public func value<T>(at position: Int, as type: T.Type = T.self) -> T? {
        guard position >= 0, position < plan.arguments.count, case .constant(let instance) = plan.arguments[position] else {
            return nil
        }
        return instance.value as? T
    }
}
