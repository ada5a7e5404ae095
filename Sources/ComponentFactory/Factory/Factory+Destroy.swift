extension Factory {
    /// Runs `plan`'s destroy method on `instance` when it is synchronous:
    /// what it threw, if anything. Its registration is read in place.
    func runDestroy(_ instance: Instance, of plan: ComponentPlan) -> (any Error)? {
        var target = instance.value
        do {
            try plan.destroyMethod?.run(&target)
            return nil
        } catch {
            return error
        }
    }

    /// `failure`, thrown by `plan`'s destroy method, as a diagnostic, logged.
    func destroyFailed(_ failure: any Error, of plan: ComponentPlan) -> Diagnostic {
        let diagnostic = failure as? Diagnostic ?? Self.buildFailure(failure, key: plan.key, location: plan.location, path: [plan.key])
        log(diagnostic, component: plan.key)
        return diagnostic
    }

    /// Runs `body` with the plan at `index`.
    func withPlan<Result>(_ index: Int, _ body: (ComponentPlan) throws -> Result) rethrows -> Result {
        try body(table.plans[index])
    }
}
