/// `scope-widening`: a singleton or weak singleton that needs a `request`
/// component, directly or through the prototype and object-graph
/// components it builds, would keep one request's instance for every later
/// request.
enum ScopeWidening {
    static func diagnostics(_ plans: [ComponentPlan]) -> [Diagnostic] {
        let requests = ShorterLived(plans, isShort: { $0.scope == .request }, passesOn: [.prototype, .objectGraph])
        return plans.compactMap { plan -> Diagnostic? in
            guard plan.scope == .singleton || plan.scope == .weakSingleton,
                  let (short, through) = requests.needed(by: plan) else { return nil }
            let request = plans[short]
            let via = through == short ? "" : " (through '\(plans[through].key)')"
            return Diagnostic(
                .scopeWidening, "\(plan.scope.rawValue) '\(plan.key)' needs '\(request.key)', a request "
                    + "component\(via): it would keep the first request's instance for every request; make "
                    + "'\(plan.key)' request-scoped too, or resolve '\(request.key)' in the scope where it is needed",
                at: plan.location, notes: [Diagnostic.Note("'\(request.key)' is defined here", at: request.location)])
        }
    }
}
