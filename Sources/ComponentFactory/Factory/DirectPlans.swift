/// Which plans of a table are built straight through: a prototype,
/// object-graph or request component whose instance is its maker's result
/// and nothing more, and all of whose arguments, to the bottom, are
/// constants or components of that kind (of any scope, singletons too).
///
/// Building one needs none of what the factory watches for elsewhere: it
/// publishes nothing early, nothing under it has a property that could wait
/// for a component, and nothing under it can close a cycle, since a loop of
/// initializer references never compiles (`initializer-cycle`). So its
/// resolution skips those checks: the lookup of an instance in progress,
/// the walk of the components being built, the waiting injections, and the
/// steps after the maker. The depth bound, patches, object-graph sharing,
/// a request component's one instance per scope and the path a failure
/// names are kept (see ``Factory/directInstance(_:in:)``). A singleton
/// argument is looked up as always: it is shared, and made once, under the
/// store's lock.
///
/// None is direct while the table has component post-processors: each
/// instance passes through them.
struct DirectPlans: Sendable {
    /// For each plan, whether it is direct.
    private let isDirect: [Bool]

    init(plans: [ComponentPlan], hasPostProcessors: Bool) {
        // Plain to the bottom: clear the plans that need one that is not,
        // backwards along the needs, once each.
        var isPlain = plans.map { !hasPostProcessors && Self.isPlain($0) }
        var needers = [[Int]](repeating: [], count: plans.count)
        var queue: [Int] = []
        for plan in plans {
            for case .component(let argument) in plan.arguments where plans.indices.contains(argument) {
                needers[argument].append(plan.index)
            }
            if !isPlain[plan.index] { queue.append(plan.index) }
        }
        var head = 0
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in needers[target] where isPlain[needer] {
                isPlain[needer] = false
                queue.append(needer)
            }
        }
        // A singleton is shared, and made once under the store's lock: never straight through.
        self.isDirect = plans.map { isPlain[$0.index] && $0.scope != .singleton && $0.scope != .weakSingleton }
    }

    /// Whether the plan at `index` is built straight through.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        isDirect[index]
    }

    /// Whether `plan` itself is plain: made by a synchronous, nonisolated
    /// maker alone, from constants and components, with no property,
    /// callback or `depends-on` (a seeded request component, never made, is
    /// plain too).
    private static func isPlain(_ plan: ComponentPlan) -> Bool {
        guard !plan.publishesEarly, plan.ownSuspension == nil, plan.isolation == .nonisolated, plan.dependencies.isEmpty,
              plan.factoryIndex == nil else { return false }
        return plan.arguments.allSatisfy { argument in
            switch argument {
            case .constant, .component: true
            case .inherited, .collection, .dictionary: false
            }
        }
    }
}
