/// The compiled form of a factory's assemblies: the plans, indexed by
/// integer, the index of each key, and the post-processors every built
/// component passes through. Immutable once made.
final class PlanTable: @unchecked Sendable {
    let plans: [ComponentPlan]
    let keys: ComponentKeyIndex
    let postProcessors: [any ComponentPostProcessor]
    let environment: String?

    init(plans: [ComponentPlan], indexByKey: [String: Int], postProcessors: [any ComponentPostProcessor], environment: String?) {
        self.plans = plans
        self.keys = ComponentKeyIndex(indexByKey)
        self.postProcessors = postProcessors
        self.environment = environment
    }
}
