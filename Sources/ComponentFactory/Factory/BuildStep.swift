/// One step of a component's build, as its plan lowers it once, when the
/// plan is made (``ComponentPlan/steps``): what the factory does for the
/// component, in order, when it is not made by a ``ResolutionProgram``.
/// Both lookups run them on a frame of a ``BuildStack``, where a step that
/// needs another component waits for that component's frame (see
/// ``Factory/run(_:in:)``), and the async lookup awaits a step that
/// suspends. What each step does is in Factory+Steps.
///
/// A component with a `depends-on`, made by a factory method, with one
/// property and an init method lowers to:
///
/// ```text
/// enter, dependency 0, receiver, argument 0, argument 1, make, leave,
/// publish, property 0, callback init-method, unpublish, post-process
/// ```
///
/// A constant argument's step has nothing to resolve: the synchronous maker
/// reads it from its slot, and the async one takes it in its place.
enum BuildStep: Equatable {
    /// The depth bound, a cycle of initializers, a patch (which makes the
    /// instance and ends the build); then the component is inside its initializer.
    case enter
    /// A `depends-on` component, resolved and dropped.
    case dependency(Int)
    /// The component a factory method is called on.
    case receiver
    /// The argument at this position, resolved into its register.
    case argument(Int)
    /// The maker, called with the registers.
    case make
    /// The component leaves its initializer: the property injections waiting for it run.
    case leave
    /// The instance is visible to the components its properties need, until `unpublish`.
    case publish
    case callback(Callback)
    /// The property at this position, set (or left to wait for a component still inside its initializer).
    case property(Int)
    case unpublish
    /// The factory's component post-processors, each in turn.
    case postProcess

    enum Callback: Equatable {
        case beforePropertyInjection, afterPropertyInjection, initMethod
    }

    /// The steps of a plan with these parts.
    static func lowering(dependencies: Int, hasReceiver: Bool, arguments: Int, properties: Int,
                         callbacks: (before: Bool, after: Bool, initMethod: Bool)) -> [BuildStep] {
        var steps: [BuildStep] = [.enter]
        steps += (0..<dependencies).map(BuildStep.dependency)
        if hasReceiver { steps.append(.receiver) }
        steps += (0..<arguments).map(BuildStep.argument)
        steps += [.make, .leave]
        if properties > 0 || callbacks.before || callbacks.after || callbacks.initMethod {
            steps.append(.publish)
            if callbacks.before { steps.append(.callback(.beforePropertyInjection)) }
            steps += (0..<properties).map(BuildStep.property)
            if callbacks.after { steps.append(.callback(.afterPropertyInjection)) }
            if callbacks.initMethod { steps.append(.callback(.initMethod)) }
            steps.append(.unpublish)
        }
        steps.append(.postProcess)
        return steps
    }
}
