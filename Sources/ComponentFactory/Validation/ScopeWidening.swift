/// `scope-widening`: a singleton or weak singleton that needs a `request`
/// component, directly or through the prototype and object-graph
/// components it builds, would keep one request's instance for every later
/// request. Found in one pass backwards from the request components, so it
/// is linear however the components chain.
enum ScopeWidening {
    static func diagnostics(_ plans: [ComponentPlan]) -> [Diagnostic] {
        var neededBy = [[Int]](repeating: [], count: plans.count)
        for plan in plans {
            plan.forEachNeed { need in
                if case .component(let index) = need { neededBy[index].append(plan.index) }
            }
        }
        // For each component, the request component that building it builds, if any.
        var reaches = [Int](repeating: -1, count: plans.count)
        var queue = plans.filter { $0.scope == .request }.map(\.index)
        for index in queue { reaches[index] = index }
        var head = 0
        var found: [(needer: Int, diagnostic: Diagnostic)] = []
        var reported = Set<Int>()
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in neededBy[target] {
                switch plans[needer].scope {
                case .prototype, .objectGraph:
                    if reaches[needer] < 0 {
                        reaches[needer] = reaches[target]
                        queue.append(needer)
                    }
                case .singleton, .weakSingleton:
                    guard reported.insert(needer).inserted else { continue }
                    let request = plans[reaches[target]]
                    let through = target == request.index ? "" : " (through '\(plans[target].key)')"
                    found.append((needer, Diagnostic(
                        .scopeWidening, "\(plans[needer].scope.rawValue) '\(plans[needer].key)' needs '\(request.key)', a request "
                            + "component\(through): it would keep the first request's instance for every request; make "
                            + "'\(plans[needer].key)' request-scoped too, or resolve '\(request.key)' in the scope where it is needed",
                        at: plans[needer].location, notes: [Diagnostic.Note("'\(request.key)' is defined here", at: request.location)])))
                case .request:
                    break
                }
            }
        }
        return found.sorted { $0.needer < $1.needer }.map(\.diagnostic)
    }
}
