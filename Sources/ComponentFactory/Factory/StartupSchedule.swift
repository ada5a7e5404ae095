/// The order in which the async load builds the eager singletons whose
/// construction can suspend: each group of components (``CreationGroups``)
/// once every group it needs is built, and groups that need nothing of each
/// other at once. Plain data: the load asks which groups are ready, starts
/// them, and tells the schedule as each ends.
///
/// ```text
/// api ──▶ cache ──▶ pool      first: pool, clock
/// api ──▶ clock               pool ends: cache is ready; clock ends: nothing;
///                             cache ends: api is ready
/// ```
///
/// Only the groups the eager singletons reach are in it: a lazy singleton
/// one of them needs is built at load too, as it always was, in its own turn.
struct StartupSchedule {
    private let groups: CreationGroups
    /// For each group in the schedule, how many groups it needs are not built yet; -1 off the schedule.
    private var waitingOn: [Int]
    /// For each group, the groups in the schedule that need it.
    private var neededBy: [[Int]]
    /// How the search first reached each group: the group that needs it and
    /// the plan it needs there, or the eager singleton it began from.
    private var reachedFrom: [(group: Int?, plan: Int)?]
    /// The groups that need no other: built first, at once.
    let first: [Int]

    /// The schedule for `roots` (plan indexes, in definition order): eager singletons that can suspend.
    init(groups: CreationGroups, roots: [Int]) {
        self.groups = groups
        waitingOn = [Int](repeating: -1, count: groups.count)
        neededBy = [[Int]](repeating: [], count: groups.count)
        reachedFrom = Array(repeating: nil, count: groups.count)
        // Root by root, so that what an earlier eager singleton needs is named as needed by it, as a load one after another would.
        for root in roots where reachedFrom[groups.groupOf[root]] == nil {
            reachedFrom[groups.groupOf[root]] = (nil, root)
            var pending = [groups.groupOf[root]]
            while let group = pending.popLast() {
                waitingOn[group] = groups.needs[group].count
                for need in groups.needs[group] {
                    neededBy[need.group].append(group)
                    if reachedFrom[need.group] == nil {
                        reachedFrom[need.group] = (group, need.plan)
                        pending.append(need.group)
                    }
                }
            }
        }
        let waitingOn = self.waitingOn
        first = waitingOn.indices.filter { waitingOn[$0] == 0 }
    }

    /// The plans of `group` to build, by index: its singletons.
    func singletons(of group: Int, in plans: [ComponentPlan]) -> [Int] {
        groups.members[group].filter { plans[$0].scope == .singleton }
    }

    /// `group` is built: the groups that were waiting for it alone are ready, and returned.
    mutating func finish(_ group: Int) -> [Int] {
        var nowReady: [Int] = []
        for needer in neededBy[group] {
            waitingOn[needer] -= 1
            if waitingOn[needer] == 0 { nowReady.append(needer) }
        }
        return nowReady
    }

    /// The plans by which the load came to need `group`, from an eager
    /// singleton down to the plan that needs it: what a failure in the
    /// group names as the path to it. Empty for an eager singleton's own group.
    func neededBy(_ group: Int) -> [Int] {
        var path: [Int] = []
        var needer = reachedFrom[group]?.group
        while let current = needer, let step = reachedFrom[current] {
            path.append(step.plan)
            needer = step.group
        }
        return path.reversed()
    }
}
