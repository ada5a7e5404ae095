/// The frames: how a component that no ``ResolutionProgram`` of its own
/// makes straight through is built. Each frame runs the program of one
/// component (``ProgramTable/frame(_:)``) by the loop every program runs
/// (``runSteps(_:from:in:_:awaitingParents:)``), which leaves the steps only
/// a frame has to ``advance(_:in:)``: `enter`, `leave`, `publish`,
/// `unpublish`, and `resolve`, which asks for a component the frame needs.
/// One that is ready (in progress, kept, built, or made by its own program)
/// goes into its register at once, and the frame goes on; one that must be
/// built pushes a frame, and when that frame ends, its instance is kept
/// where its scope says and goes into the register. So a chain of
/// components nests no calls, only frames: the depth bound
/// (``maximumNesting``) is counted in ``Resolution/depth``.
///
/// Frames build what no program of its own can: a singleton the first
/// time, a cycle through properties, any component while a patch is set,
/// and a graph past a program's bounds.
///
/// Both lookups run them. A step that suspends (an async or isolated
/// maker, callback or setter, an async creation lock, a program with
/// makings that suspend, a parent's component) stops the frames with what
/// it awaits (``BuildProgress``); the async lookup awaits that and runs
/// them on (``instanceOnFramesAsync(_:in:)``). Only a component that can
/// suspend has such a step, and the synchronous lookup refuses one
/// (`requires-async`) before it starts.
///
/// A `depends-on` singleton `ledger` not built yet, and a prototype
/// `teller` whose initializer takes the ledger and whose property `audit`
/// is a prototype with a cycle back to the teller:
///
/// ```text
/// teller: enter, resolve ledger → push ledger
///   ledger: enter, make, leave; ends: kept in the store, creation lock given back
/// teller: (the ledger into register 1), resolve ledger (built: at once), make, leave,
///         publish, resolve audit for property 0 → push audit
///   audit: enter, make, leave, publish, resolve teller for property 0 (published: at once),
///          set, unpublish; ends
/// teller: (the audit into register 3), set, unpublish; ends: the lookup's instance
/// ```
///
/// A frame that takes a lock (a singleton's creation lock, the request
/// scope's, or their async twins for a component that can suspend) gives
/// it back when it ends; a failure gives back every lock still held,
/// innermost first, and undoes what each frame began.
extension Factory {
    /// The instance of the component at `index`, built on frames: what
    /// ``instance(_:in:)`` does for a component with no program of its own,
    /// and a straight-through one does when patched, nested too deeply, or when a
    /// singleton it needs is not built yet.
    func instanceOnFrames(_ index: Int, in resolution: inout Resolution) throws -> Instance {
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
            deliver(done, to: &stack)
        }
    }

    /// `progress`, which the async lookup got for the innermost frame's
    /// step once it had awaited what the step asked for: a value is handed
    /// to that step, and the run goes on. With no frame, the value is the run's.
    func settle(_ progress: BuildProgress, _ stack: inout BuildStack, in resolution: inout Resolution) throws -> BuildProgress {
        guard case .ready(let instance) = progress, !stack.frames.isEmpty else { return progress }
        deliver(instance, to: &stack)
        return try run(&stack, in: &resolution)
    }

    /// Runs the innermost frame's program (``runSteps(_:from:in:_:awaitingParents:)``,
    /// the loop every program runs) until a step needs a frame of its own
    /// (then `pushed`), suspends, or none is left (then its instance). The
    /// steps that only a frame has are done here, between runs of the loop.
    private func advance(_ stack: inout BuildStack, in resolution: inout Resolution) throws -> BuildProgress {
        let top = stack.frames.count - 1
        let index = stack.frames[top].index
        let program = table.programs.frame(index).pointee
        let registers = stack.frames[top].registers
        // A parent's component can suspend only where its owner can.
        let awaitsParents = !table.suspensions.isEmpty && table.suspensions.canSuspend(index)
        let plan = table.plans[index]
        while true {
            guard let position = try runStepsLocking(program, from: stack.frames[top].position, in: registers, &resolution,
                                                     awaitingParents: awaitsParents) else {
                guard let instance = registers.take(0) else { throw notMade(plan) }
                return .ready(instance)
            }
            stack.frames[top].position = position
            let step = program.steps[position]
            switch step.action {
            case .enter:
                if let patched = try enter(plan, &resolution) { return .ready(patched) }
                (stack.frames[top].counted, stack.frames[top].entered) = (true, true)
            case .leave:
                stack.frames[top].entered = false
                resolution.leave()
                // Most builds have no waiting injection.
                if resolution.hasWaiting, let instance = registers.peek(0) {
                    try runWaiting(for: plan, made: instance, &resolution)
                }
            case .publish:
                if let instance = registers.peek(0) {
                    resolution.publish(index, instance)
                    stack.frames[top].published = true
                }
            case .unpublish:
                resolution.unpublish()
                stack.frames[top].published = false
            case .resolve:
                if step.next >= 0, let owner = registers.peek(0) {
                    // Waiting, its setting (the next step) is skipped.
                    if waits(plan.properties[Int(step.next)], owner: owner.value, &resolution) {
                        stack.frames[top].position += 2
                        continue
                    }
                }
                let progress = try request(Int(step.arguments), onto: &stack, in: &resolution)
                guard case .ready(let ready) = progress else { return progress }
                registers.put(ready, in: Int(step.register))
            default:
                // A step that suspends: its making, setting, callback or parent's component.
                return .awaiting(.step)
            }
            stack.frames[top].position += 1
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
        let registers = table.programs.frame(index).pointee.registerCount
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
        let registers = table.programs.frame(index).pointee.registerCount
        if lock == .asyncCreation {
            if let shared = store.shared(suspendingSlot(index)) {
                creationLock(of: index).unlock()
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

    /// Hands `instance` to the `resolve` step of the innermost frame that asked for it, and ends that step.
    private func deliver(_ instance: consuming Instance, to stack: inout BuildStack) {
        let top = stack.frames.count - 1
        let step = table.programs.frame(stack.frames[top].index).pointee.steps[stack.frames[top].position]
        stack.frames[top].registers.put(instance, in: Int(step.register))
        stack.frames[top].position += 1
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
        case .asyncCreation: creationLock(of: frame.index).unlock()
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
