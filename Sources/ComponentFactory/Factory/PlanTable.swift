/// The compiled form of a factory's assemblies: the plans, indexed by
/// integer, the index of each key, and the post-processors every built
/// component passes through. Immutable once made.
final class PlanTable: @unchecked Sendable {
    let plans: [ComponentPlan]
    let keys: ComponentKeyIndex
    let postProcessors: [any ComponentPostProcessor]
    let environment: String?
    /// The aliases that stand for a parent factory's component, and its key there.
    let parentAliases: [String: String]

    init(plans: [ComponentPlan], indexByKey: [String: Int], postProcessors: [any ComponentPostProcessor], environment: String?,
         parentAliases: [String: String] = [:]) {
        self.plans = plans
        self.keys = ComponentKeyIndex(indexByKey)
        self.postProcessors = postProcessors
        self.environment = environment
        self.parentAliases = parentAliases
    }
}
