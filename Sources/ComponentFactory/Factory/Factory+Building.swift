/// The path that checks everything: the build of a component that no
/// ``ResolutionProgram`` makes, step by step as its plan lowers it
/// (``BuildStep``), with its state in a ``BuildStack``.
///
/// One loop (``run(_:in:)``) runs the steps of the innermost frame. A step
/// that needs a value resolves it at once when it can (a constant, a built
/// singleton, a kept instance, a component made by its program), and the
/// frame goes on; or it pushes a frame that builds it, and when that frame
/// ends, its instance is kept where its scope says and delivered to the
/// step that asked for it, which then ends. So a chain of components nests
/// no calls, only frames: the depth bound (``maximumNesting``) is counted
/// in ``Resolution/depth``.
///
/// Both lookups run this loop. A step that suspends (an async or isolated
/// maker, callback or setter, an async creation lock, a program with
/// makings that suspend, a parent's component) stops it with what it
/// awaits (``BuildProgress``); the async lookup awaits that and runs the
/// loop on (``checkedInstanceAsync(_:in:)``). Only a component that can
/// suspend has such a step, and the synchronous lookup refuses one
/// (`requires-async`) before it starts.
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
/// scope's, or their async twins for a component that can suspend) gives
/// it back when it ends; a failure gives back every lock still held,
/// innermost first, and undoes what each frame began.
extension Factory {
    /// The instance of the component at `index` by the path that checks
    /// everything: what ``instance(_:in:)`` does for a component with no
    /// program, and a direct one does when patched, nested too deeply, or
    /// when a singleton it needs is not built yet.
    func checkedInstance(_ index: Int, in resolution: inout Resolution) throws -> Instance {
        var stack = BuildStack()
        do {
            var progress = try request(index, onto: &stack, in: &resolution, byProgram: false)
            if case .pushed = progress { progress = try run(&stack, in: &resolution) }
            guard case .ready(let instance) = progress else { throw requiresAsync(index) }
            return instance
        } catch {
            unwind(&stack, &resolution)
            throw error
        }
    }

    /// Runs the frames until the outermost ends (then its instance) or a
    /// step suspends (then what it awaits, for the async lookup, which
    /// calls this again once it has it).
    func run(_ stack: inout BuildStack, in resolution: inout Resolution) throws -> BuildProgress {
        while true {
            let progress = try advance(&stack, in: &resolution)
            guard case .ready(let finished) = progress else {
                if case .pushed = progress { continue }
                return progress
            }
            let done = try complete(stack.pop(), finished, in: &resolution)
            if stack.frames.isEmpty { return .ready(done) }
            if let awaited = try deliver(done, to: &stack) { return .awaiting(awaited) }
        }
    }

    /// `progress`, which the async lookup got for the innermost frame's
    /// step once it had awaited what the step asked for: a value is handed
    /// to that step, and the run goes on. With no frame, the value is the run's.
    func settle(_ progress: BuildProgress, _ stack: inout BuildStack, in resolution: inout Resolution) throws -> BuildProgress {
        guard case .ready(let instance) = progress, !stack.frames.isEmpty else { return progress }
        if let awaited = try deliver(instance, to: &stack) { return .awaiting(awaited) }
        return try run(&stack, in: &resolution)
    }

    /// Runs the innermost frame's steps until one needs a frame of its own
    /// (then `pushed`), suspends, or none is left (then its instance).
    private func advance(_ stack: inout BuildStack, in resolution: inout Resolution) throws -> BuildProgress {
        let top = stack.frames.count - 1
        if let items = stack.frames[top].items { return try gather(items, &stack, in: &resolution) }
        let plan = table.plans[stack.frames[top].index]
        let steps = plan.steps
        while true {
            let position = stack.frames[top].position
            guard position < steps.count else {
                // Moved out: the frame ends here.
                guard let instance = stack.frames[top].instance.take() else { throw notMade(plan) }
                return .ready(instance)
            }
            switch steps[position] {
            case .enter:
                if let patched = try enter(plan, &resolution) { return .ready(patched) }
                (stack.frames[top].counted, stack.frames[top].entered) = (true, true)
            case .dependency(let at):
                // Delivered at once, the step has ended and the frame goes on; else what the step waits for comes first.
                if let next = try resolve(plan.dependencies[at], of: plan.index, onto: &stack, in: &resolution) { return next }
                continue
            case .receiver:
                // Lowered only for a plan with a factory component.
                guard let factoryIndex = plan.factoryIndex else { break }
                if let next = try resolve(.component(factoryIndex), of: plan.index, onto: &stack, in: &resolution) { return next }
                continue
            case .argument(let at):
                // A constant is read from its slot by the maker.
                if case .constant = plan.arguments[at] { break }
                if let next = try resolve(plan.arguments[at], of: plan.index, onto: &stack, in: &resolution) { return next }
                continue
            case .make:
                if plan.makeAsync != nil { return .awaiting(.make) }
                stack.frames[top].instance = try make(plan, from: &stack, at: stack.frames[top].registers, in: resolution)
            case .leave:
                stack.frames[top].entered = false
                resolution.leave()
                // Read only when an injection waits: most builds have none, and reading it costs a retain.
                if resolution.hasWaiting, let instance = stack.frames[top].instance { try runWaiting(for: plan, made: instance, &resolution) }
            case .publish:
                if let instance = stack.frames[top].instance {
                    stack.frames[top].value = publish(plan, instance, &resolution)
                    stack.frames[top].published = true
                }
            case .callback(let which):
                if let callback = plan.callback(which) {
                    if callback.runAsync != nil { return .awaiting(.callback(which)) }
                    try run(callback, on: &stack.frames[top].value, of: plan, resolution)
                }
            case .property(let at):
                let step = plan.properties[at]
                guard !waits(step, owner: stack.frames[top].value, &resolution) else { break }
                if let next = try resolve(step.value, of: plan.index, onto: &stack, in: &resolution) { return next }
                continue
            case .unpublish:
                stack.frames[top].instance = unpublish(stack.frames[top].value, &resolution)
                stack.frames[top].value = ()
                stack.frames[top].published = false
            case .postProcess:
                if !table.postProcessors.isEmpty, let instance = stack.frames[top].instance {
                    stack.frames[top].instance = try postProcess(plan, instance, resolution)
                }
            }
            stack.frames[top].position += 1
        }
    }

    /// Resolves the next item of an items frame, or makes the collection or dictionary once all are.
    private func gather(_ items: BuildStack.Items, _ stack: inout BuildStack, in resolution: inout Resolution) throws -> BuildProgress {
        let top = stack.frames.count - 1
        let (position, owner) = (stack.frames[top].position, stack.frames[top].index)
        switch items {
        case .collection(let items, let make, let typeName):
            guard position < items.count else { return .ready(try ValuePlan.collection(of: stack.frames[top].gathered, make, typeName: typeName)) }
            return try resolve(items[position], of: owner, onto: &stack, in: &resolution) ?? .pushed
        case .dictionary(let entries, let make, let typeName):
            guard position < entries.count else {
                return .ready(try ValuePlan.dictionary(of: Array(zip(entries.lazy.map(\.key), stack.frames[top].gathered)), make, typeName: typeName))
            }
            return try resolve(entries[position].value, of: owner, onto: &stack, in: &resolution) ?? .pushed
        }
    }

    /// Resolves `value` for the innermost frame's step, a step of the
    /// component at `owner`: nil when it was ready and delivered, and the
    /// step has ended; else what the step waits for (a frame pushed, or a suspension).
    private func resolve(_ value: ValuePlan, of owner: Int, onto stack: inout BuildStack, in resolution: inout Resolution) throws -> BuildProgress? {
        let progress = try request(value, of: owner, onto: &stack, in: &resolution)
        guard case .ready(let ready) = progress else { return progress }
        return try deliver(ready, to: &stack).map { .awaiting($0) }
    }

    /// `value` when it is ready; else a frame pushed that builds it, or what it awaits.
    private func request(_ value: ValuePlan, of owner: Int, onto stack: inout BuildStack, in resolution: inout Resolution) throws -> BuildProgress {
        switch value {
        case .constant(let constant):
            return .ready(constant)
        case .component(let index):
            return try request(index, onto: &stack, in: &resolution)
        case .inherited(let key):
            // A parent's component can suspend only where its owner can.
            guard table.suspensions.isEmpty || !table.suspensions.canSuspend(owner) else { return .awaiting(.inherited(key)) }
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
    /// builds it, holding the lock its scope needs, or, for one that can
    /// suspend, what it awaits first: its program, or its async creation lock.
    func request(_ index: Int, onto stack: inout BuildStack, in resolution: inout Resolution, byProgram: Bool = true) throws -> BuildProgress {
        let suspends = !table.suspensions.isEmpty && table.suspensions.canSuspend(index)
        if byProgram, let program = table.programs.program(index) {
            return suspends ? .awaiting(.program(index)) : .ready(try instance(running: program, in: &resolution))
        }
        if let current = resolution.inProgress(index) { return .ready(current) }
        let plan = table.plans[index]
        let registers = plan.arguments.count + 1
        switch plan.scope {
        case .prototype:
            stack.push(index, registers: registers, keep: .none)
        case .objectGraph:
            if let kept = resolution.graphInstance(index) { return .ready(kept) }
            stack.push(index, registers: registers, keep: .graph)
        case .request:
            guard let scope = resolution.scope else { throw outsideScope(plan) }
            if suspends {
                if let kept = try scope.existing(index) { return .ready(kept) }
                return .awaiting(.scopeLock(index))
            }
            let locks = !resolution.holdsScopeLock
            if locks { takeScopeLock(&resolution) }
            let kept: Instance?
            do {
                kept = try scope.keptHoldingLock(index)
            } catch {
                if locks { giveBackScopeLock(&resolution) }
                throw error
            }
            if let kept {
                if locks { giveBackScopeLock(&resolution) }
                return .ready(kept)
            }
            stack.push(index, registers: registers, keep: .scope, lock: locks ? .scope : .none)
        case .singleton, .weakSingleton:
            if suspends {
                if let shared = store.shared(suspendingSlot(index)) { return .ready(shared) }
                return .awaiting(.creationLock(index))
            }
            if let shared = store.shared(index) { return .ready(shared) }
            store.lockCreation()
            if let shared = store.shared(index) {
                store.unlockCreation()
                return .ready(shared)
            }
            stack.push(index, registers: registers, keep: .store, lock: .creation)
        }
        return .pushed
    }

    /// The component at `index`, which can suspend, once the async lookup
    /// holds the creation lock `lock` for it: kept meanwhile (the lock given
    /// back), or a frame pushed that builds it and gives the lock back when it ends.
    func request(_ index: Int, holding lock: BuildStack.Frame.Lock, onto stack: inout BuildStack,
                 in resolution: inout Resolution) throws -> BuildProgress {
        let registers = table.plans[index].arguments.count + 1
        if lock == .asyncCreation {
            if let shared = store.shared(suspendingSlot(index)) {
                asyncCreation.unlock()
                return .ready(shared)
            }
            stack.push(index, registers: registers, keep: .store, lock: .asyncCreation)
            return .pushed
        }
        let kept: Instance?
        do {
            kept = try resolution.scope?.existing(index)
        } catch {
            resolution.scope?.asyncCreation?.unlock()
            throw error
        }
        if let kept {
            resolution.scope?.asyncCreation?.unlock()
            return .ready(kept)
        }
        stack.push(index, registers: registers, keep: .scopeAsync, lock: .asyncScope)
        return .pushed
    }

    /// Hands `instance` to the step of the innermost frame that asked for
    /// it, and ends that step; or, for a property with an async setter,
    /// what the step awaits, with the step not ended.
    private func deliver(_ instance: consuming Instance, to stack: inout BuildStack) throws -> BuildProgress.Awaited? {
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
            if step.registration.setAsync != nil { return .setter(at, instance) }
            try set(step, of: plan, on: &stack.frames[top].value, to: instance)
        case .enter, .dependency, .make, .leave, .publish, .callback, .unpublish, .postProcess:
            break
        }
        stack.frames[top].position += 1
        return nil
    }

    /// Calls the maker of `plan` with the registers from `base`, which it takes.
    private func make(_ plan: ComponentPlan, from stack: inout BuildStack, at base: Int, in resolution: borrowing Resolution) throws -> Instance {
        do {
            return try make(plan) { registers, receiver in
                for register in 0...receiver {
                    if let argument = stack.registers[base + register].take() { registers.put(argument, in: register) }
                }
            }
        } catch {
            throw failure(error, building: plan, within: resolution.constructing)
        }
    }

    /// Ends `frame`, whose instance is `finished`: kept where its scope
    /// says, its lock given back. The instance its lookup gives: a request
    /// component built already on the way, through a property cycle or by
    /// another resolution, is the one kept.
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
            if let kept = try scope.keptHoldingLock(frame.index) { return kept }
            scope.keepHoldingLock(frame.index, finished)
            return finished
        case .scopeAsync:
            return try resolution.scope?.keep(frame.index, finished) ?? finished
        case .store:
            store.keep(slot(frame.index), finished)
            return finished
        }
    }

    /// After a failure: undoes what each frame began, innermost first, and gives back its lock.
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
        switch frame.lock {
        case .none: break
        case .scope: giveBackScopeLock(&resolution)
        case .creation: store.unlockCreation()
        case .asyncScope: resolution.scope?.asyncCreation?.unlock()
        case .asyncCreation: asyncCreation.unlock()
        }
    }

    private func takeScopeLock(_ resolution: inout Resolution) {
        resolution.scope?.lock()
        resolution.holdsScopeLock = true
    }

    private func giveBackScopeLock(_ resolution: inout Resolution) {
        resolution.holdsScopeLock = false
        resolution.scope?.unlock()
    }
}
