/// What a factory is made from: the plan table, and the infrastructure
/// components already built, by index in it.
struct FactoryBlueprint: Sendable {
    let table: PlanTable
    /// Built type converters and post-processors, each `Sendable` by its protocol.
    let seeded: [Int: any Sendable]
    /// Each plan's definition as built, by plan index.
    let definitions: BuiltDefinitions
    /// Compiled wiring's printed makers, by plan index: what the lookups by key and by handle run instead of a program.
    var printed: [Int: @Sendable () -> AnyObject] = [:]
}
