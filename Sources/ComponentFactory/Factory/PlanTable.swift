/// The compiled form of a factory's assemblies: the plans, indexed by
/// integer, the index of each key, and the post-processors every built
/// component passes through. Immutable once made.
final class PlanTable: Sendable {
    let plans: [ComponentPlan]
    let keys: ComponentKeyIndex
    let postProcessors: [any ComponentPostProcessor]
    let environment: String?
    /// The aliases that stand for a parent factory's component, and its key there.
    let parentAliases: [String: String]
    /// Which components can suspend while they are built.
    let suspensions: Suspensions
    /// Those that can, in groups along what they need: the creation locks' and the async load's order.
    let creationGroups: CreationGroups
    /// The registered settings types, bound for the environment.
    let settings: [TypeIdentity: any Settings]
    /// What the assemblies say of running components as services.
    let services: ServiceTable
    /// Whether each plan is a `seeded="yes"` request component, given when a scope opens.
    let isSeeded: [Bool]
    /// Whether each plan is a `reloadable="yes"` singleton, which a live factory builds anew on a change.
    let isReloadable: [Bool]
    /// How many request components there are (seeded or not): what a scope has room to keep.
    let requestComponentCount: Int
    /// Whether building some request component can suspend: then a scope has a creation lock for them.
    let requestComponentsCanSuspend: Bool
    /// Whether some request component has a destroy method for a scope's close to run.
    let requestComponentsHaveDestroyMethods: Bool
    /// Every plan's programs (its frame's, and for a straight-through plan one that
    /// builds it straight through) and the slots of its arguments.
    let programs: ProgramTable

    /// The table of `plans`, each lowered into its programs here, once, with
    /// `postProcessors` in mind (the last stage of compiling). `parents` are
    /// the parent factories' tables, nearest first: a component that needs
    /// one of theirs that can suspend can too.
    init(plans: [ComponentPlan], indexByKey: [String: Int], postProcessors: [any ComponentPostProcessor], environment: String?,
         parentAliases: [String: String] = [:], parents: [PlanTable] = [], settings: [TypeIdentity: any Settings] = [:],
         services: ServiceTable = ServiceTable(), seeded: Set<Int> = [], reloadable: Set<Int> = []) {
        self.plans = plans
        self.keys = ComponentKeyIndex(indexByKey)
        self.postProcessors = postProcessors
        self.environment = environment
        self.parentAliases = parentAliases
        self.suspensions = Suspensions(plans: plans, parents: parents)
        self.creationGroups = CreationGroups(plans: plans, suspensions: suspensions)
        self.settings = settings
        self.services = services
        self.isSeeded = plans.map { seeded.contains($0.index) }
        self.isReloadable = plans.map { reloadable.contains($0.index) }
        let suspensions = self.suspensions
        self.requestComponentCount = plans.count { $0.scope == .request }
        self.requestComponentsCanSuspend = plans.contains { $0.scope == .request && suspensions.canSuspend($0.index) }
        self.requestComponentsHaveDestroyMethods = plans.contains { $0.scope == .request && $0.destroyMethod != nil }
        self.programs = ProgramTable(plans: plans, hasPostProcessors: !postProcessors.isEmpty)
    }

    /// The table of `plans` for other values than `previous`'s: the same
    /// wiring built again, each plan not in `remade` `previous`'s own, and
    /// those in it made from the same definitions. So the keys, scopes,
    /// makers and edges are `previous`'s, and what follows from them alone
    /// is taken from it; the values, settings and services are these.
    init(updating previous: PlanTable, plans: [ComponentPlan], remade: Set<Int>, postProcessors: [any ComponentPostProcessor],
         settings: [TypeIdentity: any Settings], services: ServiceTable) {
        self.plans = plans
        keys = previous.keys
        self.postProcessors = postProcessors
        environment = previous.environment
        parentAliases = previous.parentAliases
        suspensions = previous.suspensions
        creationGroups = previous.creationGroups
        self.settings = settings
        self.services = services
        isSeeded = previous.isSeeded
        isReloadable = previous.isReloadable
        requestComponentCount = previous.requestComponentCount
        requestComponentsCanSuspend = previous.requestComponentsCanSuspend
        requestComponentsHaveDestroyMethods = previous.requestComponentsHaveDestroyMethods
        programs = ProgramTable(updating: previous.programs, plans: plans, remade: remade, reloadable: previous.isReloadable,
                                hasPostProcessors: !postProcessors.isEmpty)
    }
}
