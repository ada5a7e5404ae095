/// What a factory is made from: the plan table, and the infrastructure
/// components already built, by index in it.
struct FactoryBlueprint: @unchecked Sendable {
    let table: PlanTable
    /// Built type converters and post-processors: values of any type, made
    /// once and only read after, like the table's own constants.
    let seeded: [Int: Any]
    /// Each plan's definition as built (parents folded in), by plan index:
    /// what a live factory resolves again to see what a change reaches.
    let definitions: [ComponentDefinition]
}
