/// The path that checks everything: the build of a component that no
/// ``ResolutionProgram`` makes, step by step as its plan lowers it
/// (``BuildStep``), with its state in a ``BuildStack``. The synchronous
/// lookup and the async one run the same steps, and differ only in their
/// driver: the loop that calls ``move(_:in:)`` until the outermost frame
/// ends. The synchronous driver is ``checkedInstance(_:in:)``; the async one
/// (``instanceAsync(_:in:)``) also awaits the few steps that can suspend,
/// which a move hands back to it as a ``BuildStack/Suspension``.
///
/// Each move runs the next step of the innermost frame. A step that needs a
/// value resolves it at once when it can (a constant, a built singleton, a
/// kept instance, a component made by its program), or pushes a frame that
/// builds it; when that frame ends, its instance is kept where its scope
/// says and delivered to the step that asked for it, which then ends. So a
/// chain of components nests no calls, only frames: the depth bound
/// (``maximumNesting``) is counted in ``Resolution/depth``.
///
/// A `depends-on` singleton `ledger`, and a prototype `teller` whose
/// initializer takes the ledger and whose property `audit` needs a prototype:
///
/// ```text
/// teller: enter, dependency 0 → push ledger
///   ledger: enter, make, leave, post-process; ends: kept in the store, creation lock given back
/// teller: (dependency 0 ends), argument 0 (the ledger, built: at once), make, leave,
///         publish, property 0 → push audit
///   audit: enter, make, leave, post-process; ends
/// teller: (property 0 set), unpublish, post-process; ends: the lookup's instance
/// ```
///
/// A frame that takes a lock (a singleton's creation lock, the request
/// scope's, or their async twins) gives it back when it ends; a failure
/// gives back every lock still held, innermost first, and undoes what each
/// frame began. A frame whose component cannot suspend never suspends, so
/// no driver awaits while a frame holds a lock that blocks a thread.
extension Factory {
    /// What one move of a build did.
    enum Move {
        /// A step ran, or a frame was pushed: move again.
        case next
        /// The outermost frame ended with this instance.
        case done(Instance)
        /// The driver must await this, then move again (async only).
        case suspend(BuildStack.Suspension)
    }

    /// The instance of the component at `index` by the path that checks
    /// everything: what ``instance(_:in:)`` does for a component with no
    /// program, and a direct one does when patched, nested too deeply, or
    /// when a singleton it needs is not built yet. Never suspends.
    func checkedInstance(_ index: Int, in resolution: inout Resolution) throws -> Instance {
        var stack = BuildStack(suspends: false)
        do {
            var move = try begin(index, onto: &stack, in: &resolution, byProgram: false)
            while true {
                switch move {
                case .next: move = try self.move(&stack, in: &resolution)
                case .done(let instance): return instance
                // A synchronous build asks for no suspension (see BuildStack.suspends).
                case .suspend: throw requiresAsync(index)
                }
            }
        } catch {
            unwind(&stack, &resolution)
            throw error
        }
    }

    /// The first move of a build of the component at `index`.
    func begin(_ index: Int, onto stack: inout BuildStack, in resolution: inout Resolution, byProgram: Bool = true) throws -> Move {
        switch try request(index, onto: &stack, in: &resolution, byProgram: byProgram) {
        case .ready(let instance): .done(instance)
        case .pushed: .next
        case .suspend(let suspension): .suspend(suspension)
        }
    }

    /// Runs the innermost frame's next step, or ends it when it has none left.
    func move(_ stack: inout BuildStack, in resolution: inout Resolution) throws -> Move {
        guard let finished = try advance(&stack, in: &resolution) else { return .next }
        switch finished {
        case .suspend(let suspension): return .suspend(suspension)
        case .ready(let made): return try hand(complete(stack.pop(), made, in: &resolution), to: &stack)
        case .pushed: return .next
        }
    }

    /// `instance` delivered to the innermost frame's step, or the build's result when no frame is left.
    func hand(_ instance: Instance, to stack: inout BuildStack) throws -> Move {
        if stack.frames.isEmpty { return .done(instance) }
        return try deliver(instance, to: &stack).map(Move.suspend) ?? .next
    }

    /// What a request for a value, or a step, came to.
    enum Outcome {
        case ready(Instance)
        case pushed
        case suspend(BuildStack.Suspension)
    }

    /// Runs the innermost frame's next step: nil when it ran, `.ready` with
    /// the frame's instance when it has no step left, `.pushed` when it
    /// waits for a frame, `.suspend` when the driver must await.
    private func advance(_ stack: inout BuildStack, in resolution: inout Resolution) throws -> Outcome? {
        let top = stack.frames.count - 1
        if let items = stack.frames[top].items { return try gather(items, &stack, in: &resolution) }
        let plan = table.plans[stack.frames[top].index]
        let position = stack.frames[top].position
        guard position < plan.steps.count else {
            guard let instance = stack.frames[top].instance else {
                throw Diagnostic(.buildFailed, "component '\(plan.key)' was not made", at: plan.location)
            }
            return .ready(instance)
        }
        let suspends = stack.suspends && table.suspensions.canSuspend(plan.index)
        switch plan.steps[position] {
        case .enter:
            guard resolution.depth < Self.maximumNesting else { throw tooDeep(plan) }
            resolution.depth += 1
            stack.frames[top].counted = true
            if resolution.isConstructing(plan.index) { throw initializerCycle(closedBy: plan, within: resolution.constructing) }
            if let patched = patches.make(for: plan.index) {
                return .ready(try invoke(plan, resolution) { Instance(any: try patched()) })
            }
            resolution.enter(plan.index)
            stack.frames[top].entered = true
        case .dependency(let at):
            return try resolve(plan.dependencies[at], of: plan.index, onto: &stack, in: &resolution)
        case .receiver:
            // Lowered only for a plan with a factory component.
            guard let factoryIndex = plan.factoryIndex else { break }
            return try resolve(.component(factoryIndex), of: plan.index, onto: &stack, in: &resolution)
        case .argument(let at):
            return try resolve(plan.arguments[at], of: plan.index, onto: &stack, in: &resolution)
        case .make:
            if suspends && plan.makeAsync != nil { return .suspend(.make) }
            stack.frames[top].instance = try make(plan, from: &stack, at: stack.frames[top].registers, in: resolution)
        case .leave:
            resolution.leave()
            stack.frames[top].entered = false
            if resolution.hasWaiting, let instance = stack.frames[top].instance {
                for inject in resolution.takeWaiting(for: plan.index) {
                    try invoke(plan, resolution) { try inject(instance.value) }
                }
            }
        case .publish:
            if let instance = stack.frames[top].instance {
                resolution.publish(plan.index, instance)
                stack.frames[top].published = true
                stack.frames[top].value = instance.value
            }
        case .callback(let which):
            if let callback = plan.callback(which) {
                if suspends && callback.runAsync != nil { return .suspend(.callback(which)) }
                try invoke(plan, resolution) { try callback.run(&stack.frames[top].value) }
            }
        case .property(let at):
            let step = plan.properties[at]
            guard !waits(step, of: &stack.frames[top], in: &resolution) else { break }
            return try resolve(step.value, of: plan.index, onto: &stack, in: &resolution)
        case .unpublish:
            stack.frames[top].instance = Instance(any: stack.frames[top].value)
            stack.frames[top].value = ()
            resolution.unpublish()
            stack.frames[top].published = false
        case .postProcess:
            for postProcessor in table.postProcessors {
                guard let current = stack.frames[top].instance?.value else { break }
                stack.frames[top].instance = try invoke(plan, resolution) { Instance(any: try postProcessor.postProcess(current, key: plan.key)) }
            }
        }
        stack.frames[top].position += 1
        return nil
    }

    /// Whether the property `step` waits for its component, which is still
    /// inside its initializer: then a synchronous setter sets it when that
    /// leaves it, if the instance is an object.
    private func waits(_ step: ComponentPlan.PropertyStep, of frame: inout BuildStack.Frame, in resolution: inout Resolution) -> Bool {
        guard case .component(let target) = step.value, resolution.isConstructing(target), resolution.inProgress(target) == nil,
              type(of: frame.value) is AnyClass, !step.registration.isAsync else { return false }
        let owner = frame.value
        let setter = step.registration
        resolution.wait(for: target) { targetInstance in
            var object = owner
            guard setter.set(&object, targetInstance) else {
                throw Diagnostic(.typeMismatch, "'\(targetInstance)' does not fit property '\(setter.name)' (\(setter.type))", at: step.location)
            }
        }
        return true
    }

    /// Resolves the next item of an items frame, or makes the collection or dictionary once all are.
    private func gather(_ items: BuildStack.Items, _ stack: inout BuildStack, in resolution: inout Resolution) throws -> Outcome? {
        let top = stack.frames.count - 1
        let (position, owner) = (stack.frames[top].position, stack.frames[top].index)
        switch items {
        case .collection(let items, let make, let typeName):
            guard position < items.count else { return .ready(try ValuePlan.collection(of: stack.frames[top].gathered, make, typeName: typeName)) }
            return try resolve(items[position], of: owner, onto: &stack, in: &resolution)
        case .dictionary(let entries, let make, let typeName):
            guard position < entries.count else {
                return .ready(try ValuePlan.dictionary(of: Array(zip(entries.lazy.map(\.key), stack.frames[top].gathered)), make, typeName: typeName))
            }
            return try resolve(entries[position].value, of: owner, onto: &stack, in: &resolution)
        }
    }

    /// Resolves `value` for the innermost frame's step, a step of the
    /// component at `owner`: delivered at once when it is ready, else when
    /// the frame it pushed ends, or after the driver awaits.
    private func resolve(_ value: ValuePlan, of owner: Int, onto stack: inout BuildStack, in resolution: inout Resolution) throws -> Outcome {
        switch try request(value, of: owner, onto: &stack, in: &resolution) {
        case .ready(let ready): try deliver(ready, to: &stack).map(Outcome.suspend) ?? .pushed
        case let other: other
        }
    }

    /// `value` when it is ready; else a frame pushed that builds it, or what the driver must await.
    private func request(_ value: ValuePlan, of owner: Int, onto stack: inout BuildStack, in resolution: inout Resolution) throws -> Outcome {
        switch value {
        case .constant(let constant):
            return .ready(constant)
        case .component(let index):
            return try request(index, onto: &stack, in: &resolution)
        case .inherited(let key):
            if stack.suspends && table.suspensions.canSuspend(owner) { return .suspend(.inherited(key: key)) }
            return .ready(try inheritedInstance(forKey: key))
        case .collection(let items, let make, let typeName):
            stack.push(items: .collection(items: items, make: make, typeName: typeName), of: owner)
            return .pushed
        case .dictionary(let entries, let make, let typeName):
            stack.push(items: .dictionary(entries: entries, make: make, typeName: typeName), of: owner)
            return .pushed
        }
    }

    /// The component at `index` when it is ready (in progress, kept, built,
    /// or made by its program when `byProgram`); else a frame pushed that
    /// builds it, holding the lock its scope needs, or the lock for the driver to await.
    private func request(_ index: Int, onto stack: inout BuildStack, in resolution: inout Resolution, byProgram: Bool = true) throws -> Outcome {
        if byProgram, let program = table.programs.program(index) { return .ready(try instance(running: program, in: &resolution)) }
        if let current = resolution.inProgress(index) { return .ready(current) }
        let plan = table.plans[index]
        let registers = plan.arguments.count + 1
        let suspends = stack.suspends && table.suspensions.canSuspend(index)
        switch plan.scope {
        case .prototype:
            stack.push(index, registers: registers, keep: .none)
        case .objectGraph:
            if let kept = resolution.graphInstance(index) { return .ready(kept) }
            stack.push(index, registers: registers, keep: .graph)
        case .request:
            guard let scope = resolution.scope else { throw outsideScope(plan) }
            if suspends {
                if let kept = try scope._withUnsafeGuaranteedRef({ try $0.existing(index) }) { return .ready(kept) }
                return .suspend(.scopeLock(index))
            }
            let locks = !resolution.holdsScopeLock
            if locks { takeScopeLock(scope, &resolution) }
            let kept: Instance?
            do {
                kept = try scope._withUnsafeGuaranteedRef { try $0.keptHoldingLock(index) }
            } catch {
                if locks { giveBackScopeLock(&resolution) }
                throw error
            }
            if let kept {
                if locks { giveBackScopeLock(&resolution) }
                return .ready(kept)
            }
            stack.push(index, registers: registers, keep: .scope, holdsScopeLock: locks)
        case .singleton, .weakSingleton:
            if suspends {
                if let shared = store.shared(suspendingSlot(index)) { return .ready(shared) }
                return .suspend(.creationLock(index))
            }
            if let shared = store.shared(index) { return .ready(shared) }
            store.lockCreation()
            if let shared = store.shared(index) {
                store.unlockCreation()
                return .ready(shared)
            }
            stack.push(index, registers: registers, keep: .store, holdsCreationLock: true)
        }
        return .pushed
    }

    /// Hands `instance` to the step of the innermost frame that asked for
    /// it, and ends that step; an async setter is left for the driver to await.
    func deliver(_ instance: Instance, to stack: inout BuildStack) throws -> BuildStack.Suspension? {
        let top = stack.frames.count - 1
        if stack.frames[top].items != nil {
            stack.frames[top].gathered.append(instance.value)
            stack.frames[top].position += 1
            return nil
        }
        let plan = table.plans[stack.frames[top].index]
        let base = stack.frames[top].registers
        switch plan.steps[stack.frames[top].position] {
        case .receiver:
            stack.registers[base + plan.arguments.count] = instance
        case .argument(let at):
            stack.registers[base + at] = instance
        case .property(let at):
            let step = plan.properties[at]
            if stack.suspends && step.registration.setAsync != nil { return .set(instance) }
            let value = instance.value
            guard step.registration.set(&stack.frames[top].value, value) else { throw step.mismatch(value, of: plan.key) }
        case .enter, .dependency, .make, .leave, .publish, .callback, .unpublish, .postProcess:
            break
        }
        stack.frames[top].position += 1
        return nil
    }

    /// Calls the maker of `plan` with the registers from `base`, which it takes.
    private func make(_ plan: ComponentPlan, from stack: inout BuildStack, at base: Int, in resolution: borrowing Resolution) throws -> Instance {
        let slots = table.arguments.slots(of: plan.index)
        return try ArgumentRegisters.with(slots.count + 1) { registers in
            for register in 0...slots.count {
                if let argument = stack.registers[base + register].take() { registers.put(argument, in: register) }
            }
            var arguments = Arguments(registers: registers, slots: slots, receiverRegister: slots.count)
            do {
                return try plan.make(&arguments)
            } catch {
                throw failure(error, building: plan, within: resolution.constructing)
            }
        }
    }

    /// Ends `frame`, whose instance is `finished`: kept where its scope
    /// says, its locks given back. The instance its lookup gives: a request
    /// component built already on the way, through a property cycle, is the one kept.
    private func complete(_ frame: BuildStack.Frame, _ finished: Instance, in resolution: inout Resolution) throws -> Instance {
        if frame.counted { resolution.depth -= 1 }
        defer { giveBack(frame, &resolution) }
        switch frame.keep {
        case .none:
            return finished
        case .graph:
            resolution.keepInGraph(frame.index, finished)
            return finished
        case .scope:
            guard let scope = resolution.scope else { return finished }
            if frame.holdsAsyncScopeLock { return try scope._withUnsafeGuaranteedRef { try $0.keep(frame.index, finished) } }
            if let kept = try scope._withUnsafeGuaranteedRef({ try $0.keptHoldingLock(frame.index) }) { return kept }
            scope._withUnsafeGuaranteedRef { $0.keepHoldingLock(frame.index, finished) }
            return finished
        case .store:
            store.keep(frame.holdsAsyncCreationLock ? suspendingSlot(frame.index) : frame.index, finished)
            return finished
        }
    }

    /// After a failure: undoes what each frame began, innermost first, and gives back its locks.
    func unwind(_ stack: inout BuildStack, _ resolution: inout Resolution) {
        while !stack.frames.isEmpty {
            let frame = stack.pop()
            if frame.entered { resolution.leave() }
            if frame.published { resolution.unpublish() }
            if frame.counted { resolution.depth -= 1 }
            giveBack(frame, &resolution)
        }
    }

    private func giveBack(_ frame: BuildStack.Frame, _ resolution: inout Resolution) {
        if frame.holdsScopeLock { giveBackScopeLock(&resolution) }
        if frame.holdsCreationLock { store.unlockCreation() }
        if frame.holdsAsyncScopeLock { resolution.scope?._withUnsafeGuaranteedRef { $0.asyncCreation?.unlock() } }
        if frame.holdsAsyncCreationLock { asyncCreation.unlock() }
    }

    private func takeScopeLock(_ scope: Unmanaged<ScopeStorage>, _ resolution: inout Resolution) {
        scope._withUnsafeGuaranteedRef { $0.lock() }
        resolution.holdsScopeLock = true
    }

    private func giveBackScopeLock(_ resolution: inout Resolution) {
        resolution.holdsScopeLock = false
        resolution.scope?._withUnsafeGuaranteedRef { $0.unlock() }
    }
}
