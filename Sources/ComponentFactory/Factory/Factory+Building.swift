/// The path that checks everything: the build of a component that no
/// ``ResolutionProgram`` makes, step by step as its plan lowers it
/// (``BuildStep``), with its state in a ``BuildStack``.
///
/// One loop (``checkedInstance(_:in:)``) runs the steps of the innermost
/// frame. A step that needs a value resolves it at once when it can (a
/// constant, a built singleton, a kept instance, a component made by its
/// program), and the frame goes on; or it pushes a frame that builds it, and
/// when that frame ends, its instance is kept where its scope says and
/// delivered to the step that asked for it, which then ends. So a chain of components nests no calls,
/// only frames: the depth bound (``maximumNesting``) is counted in
/// ``Resolution/depth``.
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
/// scope's) gives it back when it ends; a failure gives back every lock
/// still held, innermost first, and undoes what each frame began.
extension Factory {
    /// The instance of the component at `index` by the path that checks
    /// everything: what ``instance(_:in:)`` does for a component with no
    /// program, and a direct one does when patched, nested too deeply, or
    /// when a singleton it needs is not built yet.
    func checkedInstance(_ index: Int, in resolution: inout Resolution) throws -> Instance {
        var stack = BuildStack()
        do {
            if let ready = try request(index, onto: &stack, in: &resolution, byProgram: false) { return ready }
            while true {
                guard let finished = try advance(&stack, in: &resolution) else { continue }
                let done = try complete(stack.pop(), finished, in: &resolution)
                if stack.frames.isEmpty { return done }
                try deliver(done, to: &stack)
            }
        } catch {
            unwind(&stack, &resolution)
            throw error
        }
    }

    /// Runs the innermost frame's steps until one needs a frame of its own
    /// (then nil) or none is left (then its instance).
    private func advance(_ stack: inout BuildStack, in resolution: inout Resolution) throws -> Instance? {
        let top = stack.frames.count - 1
        if let items = stack.frames[top].items { return try gather(items, &stack, in: &resolution) }
        let plan = table.plans[stack.frames[top].index]
        let steps = plan.steps
        while true {
            let position = stack.frames[top].position
            guard position < steps.count else {
                guard let instance = stack.frames[top].instance else {
                    throw Diagnostic(.buildFailed, "component '\(plan.key)' was not made", at: plan.location)
                }
                return instance
            }
            switch steps[position] {
            case .enter:
                if let patched = try enter(plan, &resolution) { return patched }
                (stack.frames[top].counted, stack.frames[top].entered) = (true, true)
            case .dependency(let at):
                // Delivered at once, the step has ended and the frame goes on; else the pushed frame runs first.
                if try resolve(plan.dependencies[at], of: plan.index, onto: &stack, in: &resolution) { return nil }
                continue
            case .receiver:
                // Lowered only for a plan with a factory component.
                guard let factoryIndex = plan.factoryIndex else { break }
                if try resolve(.component(factoryIndex), of: plan.index, onto: &stack, in: &resolution) { return nil }
                continue
            case .argument(let at):
                // A constant is read from its slot by the maker.
                if case .constant = plan.arguments[at] { break }
                if try resolve(plan.arguments[at], of: plan.index, onto: &stack, in: &resolution) { return nil }
                continue
            case .make:
                stack.frames[top].instance = try make(plan, from: &stack, at: stack.frames[top].registers, in: resolution)
            case .leave:
                stack.frames[top].entered = false
                if let instance = stack.frames[top].instance { try leave(plan, made: instance, &resolution) }
            case .publish:
                if let instance = stack.frames[top].instance {
                    stack.frames[top].value = publish(plan, instance, &resolution)
                    stack.frames[top].published = true
                }
            case .callback(let which):
                if let callback = plan.callback(which) { try run(callback, on: &stack.frames[top].value, of: plan, resolution) }
            case .property(let at):
                let step = plan.properties[at]
                guard !waits(step, owner: stack.frames[top].value, &resolution) else { break }
                if try resolve(step.value, of: plan.index, onto: &stack, in: &resolution) { return nil }
                continue
            case .unpublish:
                stack.frames[top].instance = unpublish(stack.frames[top].value, &resolution)
                stack.frames[top].value = ()
                stack.frames[top].published = false
            case .postProcess:
                if let instance = stack.frames[top].instance { stack.frames[top].instance = try postProcess(plan, instance, resolution) }
            }
            stack.frames[top].position += 1
        }
    }

    /// Resolves the next item of an items frame, or makes the collection or dictionary once all are.
    private func gather(_ items: BuildStack.Items, _ stack: inout BuildStack, in resolution: inout Resolution) throws -> Instance? {
        let top = stack.frames.count - 1
        let (position, owner) = (stack.frames[top].position, stack.frames[top].index)
        switch items {
        case .collection(let items, let make, let typeName):
            guard position < items.count else { return try ValuePlan.collection(of: stack.frames[top].gathered, make, typeName: typeName) }
            _ = try resolve(items[position], of: owner, onto: &stack, in: &resolution)
        case .dictionary(let entries, let make, let typeName):
            guard position < entries.count else {
                return try ValuePlan.dictionary(of: Array(zip(entries.lazy.map(\.key), stack.frames[top].gathered)), make, typeName: typeName)
            }
            _ = try resolve(entries[position].value, of: owner, onto: &stack, in: &resolution)
        }
        return nil
    }

    /// Resolves `value` for the innermost frame's step, a step of the
    /// component at `owner`: delivered at once when it is ready (false),
    /// else when the frame it pushed ends (true).
    private func resolve(_ value: ValuePlan, of owner: Int, onto stack: inout BuildStack, in resolution: inout Resolution) throws -> Bool {
        guard let ready = try request(value, of: owner, onto: &stack, in: &resolution) else { return true }
        try deliver(ready, to: &stack)
        return false
    }

    /// `value` when it is ready; else nil, with a frame pushed that builds it.
    private func request(_ value: ValuePlan, of owner: Int, onto stack: inout BuildStack, in resolution: inout Resolution) throws -> Instance? {
        switch value {
        case .constant(let constant):
            return constant
        case .component(let index):
            return try request(index, onto: &stack, in: &resolution)
        case .inherited(let key):
            return try inheritedInstance(forKey: key)
        case .collection(let items, let make, let typeName):
            stack.push(items: .collection(items: items, make: make, typeName: typeName), of: owner)
            return nil
        case .dictionary(let entries, let make, let typeName):
            stack.push(items: .dictionary(entries: entries, make: make, typeName: typeName), of: owner)
            return nil
        }
    }

    /// The component at `index` when it is ready (in progress, kept, built,
    /// or made by its program when `byProgram`); else nil, with a frame
    /// pushed that builds it, holding the lock its scope needs.
    private func request(_ index: Int, onto stack: inout BuildStack, in resolution: inout Resolution, byProgram: Bool = true) throws -> Instance? {
        if byProgram, let program = table.programs.program(index) { return try instance(running: program, in: &resolution) }
        if let current = resolution.inProgress(index) { return current }
        let plan = table.plans[index]
        let registers = plan.arguments.count + 1
        switch plan.scope {
        case .prototype:
            stack.push(index, registers: registers, keep: .none)
        case .objectGraph:
            if let kept = resolution.graphInstance(index) { return kept }
            stack.push(index, registers: registers, keep: .graph)
        case .request:
            guard let scope = resolution.scope else { throw outsideScope(plan) }
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
                return kept
            }
            stack.push(index, registers: registers, keep: .scope, holdsScopeLock: locks)
        case .singleton, .weakSingleton:
            if let shared = store.shared(index) { return shared }
            store.lockCreation()
            if let shared = store.shared(index) {
                store.unlockCreation()
                return shared
            }
            stack.push(index, registers: registers, keep: .store, holdsCreationLock: true)
        }
        return nil
    }

    /// Hands `instance` to the step of the innermost frame that asked for it, and ends that step.
    private func deliver(_ instance: Instance, to stack: inout BuildStack) throws {
        let top = stack.frames.count - 1
        defer { stack.frames[top].position += 1 }
        if stack.frames[top].items != nil {
            stack.frames[top].gathered.append(instance.value)
            return
        }
        let plan = table.plans[stack.frames[top].index]
        let base = stack.frames[top].registers
        switch plan.steps[stack.frames[top].position] {
        case .receiver:
            stack.registers[base + plan.arguments.count] = instance
        case .argument(let at):
            stack.registers[base + at] = instance
        case .property(let at):
            try set(plan.properties[at], of: plan, on: &stack.frames[top].value, to: instance)
        case .enter, .dependency, .make, .leave, .publish, .callback, .unpublish, .postProcess:
            break
        }
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
            if let kept = try scope.keptHoldingLock(frame.index) { return kept }
            scope.keepHoldingLock(frame.index, finished)
            return finished
        case .store:
            store.keep(frame.index, finished)
            return finished
        }
    }

    /// After a failure: undoes what each frame began, innermost first, and gives back its locks.
    private func unwind(_ stack: inout BuildStack, _ resolution: inout Resolution) {
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
