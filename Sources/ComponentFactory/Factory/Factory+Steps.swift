/// What the steps that touch the resolution do, written once: a frame's
/// `enter` (the depth bound, cycles of initializers, patches) and `leave`
/// (waiting injections), which the frames run (``run(_:in:)``); and the
/// async makers, setters and callbacks that any program awaits.
extension Factory {
    /// `enter`: the depth bound and a cycle of initializers, checked; the
    /// instance a patch makes, which ends the build. Else nil, and the
    /// component is inside its initializer until its `leave` step, and
    /// counted in the resolution's depth until its build ends.
    func enter(_ plan: ComponentPlan, _ resolution: inout Resolution) throws -> Instance? {
        guard resolution.depth < Self.maximumNesting else { throw tooDeep(plan) }
        if resolution.isConstructing(plan.index) { throw initializerCycle(closedBy: plan, within: resolution.constructing) }
        if let patched = patches.make(for: plan.index) {
            return try invoke(plan, resolution) { Instance(any: try patched()) }
        }
        resolution.depth += 1
        resolution.enter(plan.index)
        return nil
    }

    /// `leave`, once the component has left its initializer
    /// (`Resolution.leave()`): the property injections waiting for it, made as `instance`, run.
    func runWaiting(for plan: ComponentPlan, made instance: Instance, _ resolution: inout Resolution) throws {
        for inject in resolution.takeWaiting(for: plan.index) {
            try invoke(plan, resolution) { try inject(instance.value) }
        }
    }

    /// Whether the `property` step waits for its component, which is still
    /// inside its initializer: then a synchronous setter sets it on `owner`
    /// when that leaves it, if `owner` is an object.
    func waits(_ step: ComponentPlan.PropertyStep, owner: Any, _ resolution: inout Resolution) -> Bool {
        guard case .component(let target) = step.value, resolution.isConstructing(target), resolution.inProgress(target) == nil,
              type(of: owner) is AnyClass, !step.registration.isAsync else { return false }
        let setter = step.registration
        resolution.wait(for: target) { targetInstance in
            var object = owner
            guard setter.set(&object, targetInstance) else {
                throw Diagnostic(.typeMismatch, "'\(targetInstance)' does not fit property '\(setter.name)' (\(setter.type))", at: step.location)
            }
        }
        return true
    }

    /// The arguments of `plan`'s async maker: its factory component
    /// `receiver`, then each argument, a constant from the plan and any
    /// other from `take` (by its position), which must have it.
    func asyncArguments(of plan: ComponentPlan, receiver: Instance?, taking take: (Int) -> Instance?) throws -> AsyncArguments {
        var arguments = AsyncArguments(receiver: receiver)
        for (at, argument) in plan.arguments.enumerated() {
            if case .constant(let value) = argument {
                arguments.append(value)
            } else if let instance = take(at) {
                arguments.append(instance)
            } else {
                throw notMade(plan)
            }
        }
        return arguments
    }

    /// An async `callback` of `plan` on `owner`, in the callback's own isolation.
    nonisolated(nonsending)
    func runAsync(_ which: ComponentPlan.Callback, of plan: ComponentPlan, on owner: Instance) async throws {
        guard let runAsync = plan.callback(which)?.runAsync else { return }
        try await runAsync(owner)()
    }

    /// An async setter: the property `step` of `plan` on `owner`, set to `value` in the setter's own isolation.
    nonisolated(nonsending)
    func setAsync(_ step: ComponentPlan.PropertyStep, of plan: ComponentPlan, on owner: Instance, to value: Instance) async throws {
        guard let setAsync = step.registration.setAsync else { throw notMade(plan) }
        guard await setAsync(owner, value) else { throw step.mismatch(value.value, of: plan.key) }
    }
}
