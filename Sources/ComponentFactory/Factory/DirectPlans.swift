/// Which plans of a table are built straight through: a prototype or
/// object-graph component whose instance is its maker's result and nothing
/// more, and whose arguments are constants or other such components.
///
/// Building one needs none of what the factory watches for elsewhere: it
/// publishes nothing early, has no property that waits for a component,
/// and nothing under it can close a cycle, since a loop of initializer
/// references never compiles (`initializer-cycle`) and every component
/// under it is direct too. So its resolution skips those checks: the
/// lookup of an instance in progress, the walk of the components being
/// built, the waiting injections, and the steps after the maker. The depth
/// bound, patches, object-graph sharing and the path a failure names are
/// kept (see ``Factory/directInstance(_:in:)``).
///
/// None is direct while the table has component post-processors: each
/// instance passes through them.
struct DirectPlans: Sendable {
    /// For each plan, whether it is direct.
    private let isDirect: [Bool]

    init(plans: [ComponentPlan], hasPostProcessors: Bool) {
        var isDirect = plans.map { !hasPostProcessors && Self.isPlain($0) }
        // A plan is direct only if everything it is built from is: clear the
        // ones that need a plan that is not, backwards along the needs, once each.
        var needers = [[Int]](repeating: [], count: plans.count)
        var queue: [Int] = []
        for plan in plans {
            for case .component(let argument) in plan.arguments where plans.indices.contains(argument) {
                needers[argument].append(plan.index)
            }
            if !isDirect[plan.index] { queue.append(plan.index) }
        }
        var head = 0
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in needers[target] where isDirect[needer] {
                isDirect[needer] = false
                queue.append(needer)
            }
        }
        self.isDirect = isDirect
    }

    /// Whether the plan at `index` is built straight through.
    @inline(__always)
    func contains(_ index: Int) -> Bool {
        isDirect[index]
    }

    /// Whether `plan` itself is plain: a prototype or object-graph instance
    /// made by a synchronous maker alone, from constants and components.
    private static func isPlain(_ plan: ComponentPlan) -> Bool {
        guard plan.scope == .prototype || plan.scope == .objectGraph, !plan.publishesEarly, plan.ownSuspension == nil,
              plan.isolation == .nonisolated, plan.dependencies.isEmpty, plan.factoryIndex == nil else { return false }
        return plan.arguments.allSatisfy { argument in
            switch argument {
            case .constant, .component: true
            case .inherited, .collection, .dictionary: false
            }
        }
    }
}
