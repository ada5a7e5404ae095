/// Which components of a plan table can suspend while they are built, known
/// before anything is: those whose own steps can (an async or isolated
/// maker, setter or callback), and every component that needs one of them
/// (as an argument, a property, a collection item, its factory component,
/// a `depends-on` key, or a parent factory's component that can).
///
/// Found in one pass backwards over the edges from the components that
/// suspend themselves, so it is linear however long the chains; each
/// component remembers the next step towards the one that suspends, so
/// that the chain is told only when asked:
/// `viewModel → store → pool (async init)`.
struct Suspensions: Sendable {
    /// For each plan: -1 when it cannot suspend; its own index when its
    /// own steps do; otherwise the plan it needs that can.
    private let next: [Int]
    /// Why each plan that suspends itself does (or, for one that needs a
    /// parent factory's component, that component's chain there).
    private let reasons: [Int: String]

    /// Whether nothing in the table can suspend: the common case, in which
    /// the async lookup does what the synchronous one does.
    let isEmpty: Bool

    init(plans: [ComponentPlan], parents: [PlanTable]) {
        var next = [Int](repeating: -1, count: plans.count)
        var reasons: [Int: String] = [:]
        var needers = [[Int]](repeating: [], count: plans.count)
        var queue: [Int] = []
        for plan in plans {
            var own = plan.ownSuspension.map { "\(plan.key) (\($0))" }
            plan.forEachNeed { need in
                switch need {
                case .component(let index): needers[index].append(plan.index)
                case .inherited(let key):
                    if own == nil, let chain = Self.chain(ofKey: key, in: parents) { own = "\(plan.key) → " + chain }
                }
            }
            if let own {
                next[plan.index] = plan.index
                reasons[plan.index] = own
                queue.append(plan.index)
            }
        }
        var head = 0
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in needers[target] where next[needer] < 0 {
                next[needer] = target
                queue.append(needer)
            }
        }
        self.next = next
        self.reasons = reasons
        self.isEmpty = queue.isEmpty
    }

    /// Whether building the plan at `index` can suspend.
    func canSuspend(_ index: Int) -> Bool {
        next[index] >= 0
    }

    /// The most steps a chain names before it is cut.
    static let maximumChain = 12

    /// `viewModel → store → pool (async init)`: how the plan at `index` comes to suspend; nil when it cannot.
    func chain(_ index: Int, plans: [ComponentPlan]) -> String? {
        guard next[index] >= 0 else { return nil }
        var keys: [String] = []
        var current = index
        while next[current] != current {
            guard keys.count < Self.maximumChain else { return (keys + ["…"]).joined(separator: " → ") }
            keys.append(plans[current].key)
            current = next[current]
        }
        return (keys + [reasons[current] ?? plans[current].key]).joined(separator: " → ")
    }

    /// The plan at the end of the chain of the plan at `index`: the one whose
    /// own steps suspend, or that needs a parent factory's component that
    /// can; nil when it cannot suspend.
    func origin(_ index: Int) -> Int? {
        guard next[index] >= 0 else { return nil }
        var current = index
        var steps = 0
        while next[current] != current, steps < next.count {
            current = next[current]
            steps += 1
        }
        return current
    }

    /// The chain of the component `key` in the nearest parent factory that has it.
    private static func chain(ofKey key: String, in parents: [PlanTable]) -> String? {
        for table in parents {
            if let index = table.keys.index(of: key) { return table.suspensions.chain(index, plans: table.plans) }
        }
        return nil
    }
}

extension ComponentPlan {
    /// One thing building this component needs: a plan of its table, or a parent factory's component.
    enum Need {
        case component(Int)
        case inherited(key: String)
    }

    /// Calls `body` for everything building this component needs.
    func forEachNeed(_ body: (Need) -> Void) {
        forEachValue { value in
            switch value {
            case .component(let index): body(.component(index))
            case .inherited(let key): body(.inherited(key: key))
            case .constant, .collection, .dictionary: break
            }
        }
    }

    /// Calls `body` for each value this component is built from, and each
    /// item of its collections, without recursion however they nest: the
    /// factory component, the arguments, the properties, then `depends-on`.
    func forEachValue(_ body: (ValuePlan) -> Void) {
        if let factoryIndex { body(.component(factoryIndex)) }
        var pending = Array((arguments + properties.map(\.value) + dependencies).reversed())
        while let value = pending.popLast() {
            body(value)
            switch value {
            case .collection(let items, _, _): pending += items.reversed()
            case .dictionary(let entries, _, _): pending += entries.map(\.value).reversed()
            case .constant, .component, .inherited: break
            }
        }
    }

    /// For each plan of `plans` (indexed by position), the plans that need
    /// it, each once and never itself: the edges backwards, for the passes
    /// that go from what is needed to what needs it.
    static func neededBy(_ plans: [ComponentPlan]) -> [[Int]] {
        var neededBy = [[Int]](repeating: [], count: plans.count)
        for plan in plans {
            var needs = Set<Int>()
            plan.forEachNeed { need in
                if case .component(let index) = need, index != plan.index, needs.insert(index).inserted {
                    neededBy[index].append(plan.index)
                }
            }
        }
        return neededBy
    }
}
