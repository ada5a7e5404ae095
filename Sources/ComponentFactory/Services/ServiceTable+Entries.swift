extension ServiceTable {
    /// One component to run as a service, as the lifecycle product asks.
    package struct Entry: Sendable {
        package let key: String
        package let role: Role
        package let location: SourceLocation
    }

    /// The services among `plans`: each singleton that `isService` recognizes
    /// by its type or that is marked `service="yes"`, in dependency order,
    /// each after every component it needs (through references,
    /// `factory-component`, collections and `depends-on`, however far), so
    /// that a service group, which shuts down in reverse order, stops a
    /// service before what it needs. Components in a cycle (through
    /// properties) keep their definition order. Found in one pass over the edges.
    func entries(of plans: [ComponentPlan], recognizedBy isService: (Any.Type) -> Bool) -> [Entry] {
        let neededBy = ComponentPlan.neededBy(plans)
        var waitingOn = [Int](repeating: 0, count: plans.count)
        for needers in neededBy {
            for needer in needers { waitingOn[needer] += 1 }
        }
        var order: [Int] = []
        order.reserveCapacity(plans.count)
        var placed = [Bool](repeating: false, count: plans.count)
        var ready = plans.indices.filter { waitingOn[$0] == 0 }.reversed().map { $0 }
        var firstUnplaced = 0
        while order.count < plans.count {
            if ready.isEmpty {
                // A cycle: the first component left goes next, in definition order.
                while firstUnplaced < plans.count && placed[firstUnplaced] { firstUnplaced += 1 }
                guard firstUnplaced < plans.count else { break }
                ready.append(firstUnplaced)
            }
            let index = ready.removeLast()
            guard !placed[index] else { continue }
            placed[index] = true
            order.append(index)
            for needer in neededBy[index] where !placed[needer] {
                waitingOn[needer] -= 1
                if waitingOn[needer] == 0 { ready.append(needer) }
            }
        }
        return order.compactMap { index in
            let plan = plans[index]
            let role = role(of: index)
            guard plan.scope == .singleton, role.isMarked || plan.produces.isSubtype(isService) else { return nil }
            return Entry(key: plan.key, role: role, location: plan.location)
        }
    }
}
