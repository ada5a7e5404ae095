/// The components whose construction can suspend, in groups: the strongly
/// connected parts of what each needs, so that a cycle through properties is
/// one group, and what the groups need of one another has no cycle.
///
/// ```text
/// api ──▶ cache ──▶ pool        four groups: {api} {cache} {pool} {search, index}
///  └────▶ search ◀──▶ index     (search and index need each other through properties)
/// ```
///
/// The groups are numbered so that every group a group needs has a lower
/// number. Two things rest on them:
/// - **Creation locks.** Each group has a creation lock of its own
///   (``Factory/creationLock(of:)``): a resolution that builds a singleton
///   holds its group's lock while it builds it and what it needs. It takes
///   a second group's lock only for a group the first needs, so any
///   resolution takes locks in falling order of their numbers, and no two
///   resolutions can wait on each other. Independent singletons are built at once.
/// - **Start-up in parallel.** The async load builds each group once every
///   group it needs is built (``StartupSchedule``).
///
/// Made once with the plan table, by an iterative search (Tarjan's), linear in the needs.
struct CreationGroups: Sendable {
    /// For each plan, its group; -1 when building it cannot suspend.
    let groupOf: [Int]
    /// Each group's plans, by index, in ascending order.
    let members: [[Int]]
    /// What each group needs: other groups, each once, each with the first
    /// of its plans that a plan of this group needs.
    let needs: [[(group: Int, plan: Int)]]

    var count: Int { members.count }

    init(plans: [ComponentPlan], suspensions: Suspensions) {
        guard !suspensions.isEmpty else {
            (groupOf, members, needs) = ([], [], [])
            return
        }
        var edges = [[Int]](repeating: [], count: plans.count)
        for plan in plans where suspensions.canSuspend(plan.index) {
            plan.forEachNeed { need in
                if case .component(let target) = need, suspensions.canSuspend(target) { edges[plan.index].append(target) }
            }
        }
        let groupOf = Self.components(of: edges, among: plans.indices.filter(suspensions.canSuspend))
        var members = [[Int]](repeating: [], count: (groupOf.max() ?? -1) + 1)
        for index in groupOf.indices where groupOf[index] >= 0 {
            members[groupOf[index]].append(index)
        }
        self.needs = members.indices.map { group in
            var seen = Set<Int>()
            var needs: [(group: Int, plan: Int)] = []
            for member in members[group] {
                for target in edges[member] where groupOf[target] != group && seen.insert(groupOf[target]).inserted {
                    needs.append((groupOf[target], target))
                }
            }
            return needs
        }
        self.groupOf = groupOf
        self.members = members
    }

    /// The strongly connected components of `edges` among `nodes`, as the
    /// group of each node (-1 off `nodes`), numbered in the order the search
    /// closes them: every group reached from a group is closed before it.
    private static func components(of edges: [[Int]], among nodes: [Int]) -> [Int] {
        var groupOf = [Int](repeating: -1, count: edges.count)
        var order = [Int](repeating: -1, count: edges.count)
        var low = [Int](repeating: 0, count: edges.count)
        var onStack = [Bool](repeating: false, count: edges.count)
        var stack: [Int] = []
        var calls: [(node: Int, next: Int)] = []
        var visited = 0
        var groups = 0
        for root in nodes where order[root] < 0 {
            order[root] = visited
            low[root] = visited
            visited += 1
            stack.append(root)
            onStack[root] = true
            calls.append((root, 0))
            while let (node, next) = calls.last {
                if next < edges[node].count {
                    calls[calls.count - 1].next += 1
                    let target = edges[node][next]
                    if order[target] < 0 {
                        order[target] = visited
                        low[target] = visited
                        visited += 1
                        stack.append(target)
                        onStack[target] = true
                        calls.append((target, 0))
                    } else if onStack[target] {
                        low[node] = min(low[node], order[target])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last?.node { low[caller] = min(low[caller], low[node]) }
                guard low[node] == order[node] else { continue }
                while let member = stack.popLast() {
                    onStack[member] = false
                    groupOf[member] = groups
                    if member == node { break }
                }
                groups += 1
            }
        }
        return groupOf
    }
}
