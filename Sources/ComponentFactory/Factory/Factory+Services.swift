extension Factory {
    /// One component to run as a service, as the lifecycle product asks.
    package struct ServiceEntry: Sendable {
        package let key: String
        package let role: ServiceTable.Role
        package let location: SourceLocation
    }

    /// This factory's services: each singleton that `isService` recognizes
    /// by its type or that is marked `service="yes"`, in dependency order,
    /// each after every component it needs (through references,
    /// `factory-component`, collections and `depends-on`, however far), so
    /// that a service group, which shuts down in reverse order, stops a
    /// service before what it needs. Components in a cycle (through
    /// properties) keep their definition order. Found in one pass over the edges.
    package func services(recognizedBy isService: (Any.Type) -> Bool) -> [ServiceEntry] {
        let plans = table.plans
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
            let role = table.services.role(of: index)
            guard plan.scope == .singleton, role.isMarked || plan.produces.isSubtype(isService) else { return nil }
            return ServiceEntry(key: plan.key, role: role, location: plan.location)
        }
    }

    /// `<service-group>`'s bounds: how long a graceful shutdown, and then a cancellation, may take; nil: no bound.
    package var serviceGroupBounds: (gracefulShutdown: Duration?, cancellation: Duration?) {
        (table.services.gracefulShutdownTimeout, table.services.cancellationTimeout)
    }
}
