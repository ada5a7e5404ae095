/// Which components building each component builds that live shorter than
/// it should keep: a request component inside a singleton, a prototype
/// inside a service. Found in one pass backwards from those components over
/// the plans that pass them on (the ones built afresh with whoever needs
/// them, such as object-graph components), so it is linear however the
/// components chain; the owner of both `scope-widening` checks.
struct ShorterLived {
    /// For each plan: the shorter-lived component that building it builds, or -1; empty when none is shorter-lived.
    private let reaches: [Int]

    /// `isShort` picks the shorter-lived components; `passesOn` the scopes
    /// of the components that, built with whoever needs them, pass them on.
    /// `neededBy`, when given, is `ComponentPlan.neededBy(plans)`, made already.
    init(_ plans: [ComponentPlan], neededBy: [[Int]]? = nil, isShort: (ComponentPlan) -> Bool, passesOn: Set<Scope>) {
        var queue = plans.filter(isShort).map(\.index)
        // None is shorter-lived, as in most graphs: nothing reaches one, and no need is walked.
        guard !queue.isEmpty else {
            reaches = []
            return
        }
        let neededBy = neededBy ?? ComponentPlan.neededBy(plans)
        var reaches = [Int](repeating: -1, count: plans.count)
        for index in queue { reaches[index] = index }
        var head = 0
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in neededBy[target] where reaches[needer] < 0 && passesOn.contains(plans[needer].scope) {
                reaches[needer] = reaches[target]
                queue.append(needer)
            }
        }
        self.reaches = reaches
    }

    /// The shorter-lived component that `plan` needs, and the need it comes
    /// through (itself when `plan` needs it directly); nil when there is none.
    func needed(by plan: ComponentPlan) -> (short: Int, through: Int)? {
        guard !reaches.isEmpty else { return nil }
        var found: (short: Int, through: Int)?
        plan.forEachNeed { need in
            guard found == nil, case .component(let index) = need, index != plan.index, reaches[index] >= 0 else { return }
            found = (reaches[index], index)
        }
        return found
    }

    /// Which plans a reload builds anew because they need a reloadable one,
    /// through any scope: the one rule that an environment build (a service may not
    /// be among them) and the reload itself share.
    static func needingReloadable(_ plans: [ComponentPlan], isReloadable: (Int) -> Bool) -> ShorterLived {
        ShorterLived(plans, isShort: { isReloadable($0.index) }, passesOn: Set(Scope.allCases))
    }
}
