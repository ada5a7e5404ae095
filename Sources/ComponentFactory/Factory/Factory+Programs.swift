extension Factory {
    /// The instance of the straight-through component whose program is `lent` (see
    /// ``ResolutionProgram``), made by running it in `resolution`. Built on
    /// frames instead (``instanceOnFrames(_:in:)``) when a patch is set, when it
    /// would nest deeper than ``maximumNesting`` below where the resolution
    /// is, or when a singleton it needs is not built yet: those are what
    /// that path is for, and they come up once, or in tests.
    ///
    /// A program with request components runs its steps under its scope's
    /// lock, taken unless the resolution holds it: one lock for all of them.
    // Forced; needed by: graph, Benchmarks/README §Lookups.
    @inline(__always)
    func instance(running lent: UnsafePointer<ResolutionProgram>, in resolution: inout Resolution) throws -> Instance {
        // Lent: the table holds every program for the factory's life.
        let program = lent.pointee
        guard patches.isEmpty, resolution.depth &+ program.depth <= Self.maximumNesting else {
            return try instanceOnFrames(program.top, in: &resolution)
        }
        return try run(program, in: &resolution)
    }

    /// The same for the async lookup: the same steps, run by the same loop
    /// (``runSteps(_:from:in:_:)``), with each step that suspends (a
    /// making, a setting, a callback) awaited between runs of it. Nil, before any step has run, where the
    /// synchronous lookup falls back to frames: the async lookup builds the
    /// component on them then.
    ///
    /// Its registers are on the heap, which holds them across suspensions.
    /// A program with request components holds the scope's async creation
    /// lock for the whole run, and the scope's lock only while steps run. A
    /// request component whose steps a suspension splits can suspend itself,
    /// so the scope has that creation lock, and no other resolution keeps
    /// the component meanwhile.
    nonisolated(nonsending)
    func instanceAsync(running lent: UnsafePointer<ResolutionProgram>, in resolution: inout AsyncResolution) async throws -> Instance? {
        let program = lent.pointee
        guard patches.isEmpty, resolution.sync.depth &+ program.depth <= Self.maximumNesting else { return nil }
        let registers = ArgumentRegisters.allocate(program.registerCount)
        defer { registers.deallocate() }
        for singleton in program.singletons {
            guard let shared = store.shared(slot(singleton.index)) else { return nil }
            registers.put(shared, in: singleton.register)
        }
        let creation = program.usesScope ? resolution.sync.scope?.asyncCreation : nil
        if let creation { await creation.lock(resolution.scopeToken(from: creation)) }
        defer { creation?.unlock() }
        var position = 0
        while let suspended = try runStepsLocking(program, from: position, in: registers, &resolution.sync, awaitingParents: true) {
            try await awaitStep(program.steps[suspended], of: program, in: registers, &resolution)
            position = suspended + 1
        }
        guard let top = registers.take(0) else { throw notMade(table.plans[program.top]) }
        return top
    }

    /// Awaits `step`, before which the loop stopped: a parent's component,
    /// or a maker, setter or callback that suspends, run in its own isolation.
    /// A program's and a frame's alike (``instanceOnFramesAsync(_:in:)``).
    // Forced, not called; needed by: async graph, Benchmarks/README §Lookups.
    @inline(__always)
    nonisolated(nonsending)
    func awaitStep(_ step: ResolutionProgram.Step, of program: ResolutionProgram, in registers: ArgumentRegisters,
                   _ resolution: inout AsyncResolution) async throws {
        let plan = table.plans[step.index]
        if step.action == .inherited {
            let key = program.inheritedKey(of: step)
            registers.put(try await instanceAsync(at: index(ofKey: key), key: key), in: Int(step.register))
            return
        }
        guard step.action != .set && step.action != .callback else {
            return try await finishAsync(step, plan, of: program, in: registers, within: resolution.sync.constructing)
        }
        var instance: Instance
        do {
            guard let makeAsync = plan.makeAsync else { throw notMade(plan) }
            let lanes = Int(step.arguments)
            let arguments = try asyncArguments(of: plan, receiver: step.next >= 0 ? registers.take(Int(step.next)) : nil) { at in
                let lane = Int(program.argumentRegisters[lanes + at])
                return lane >= 0 ? registers.take(lane) : nil
            }
            instance = try await makeAsync(arguments)
        } catch {
            throw failure(error, building: plan, within: resolution.sync.constructing + program.needers(of: Int(step.register)))
        }
        if step.action == .makeInScope, let scope = resolution.sync.scope {
            // Kept by the scope's own lock, taken for the keeping: the first instance kept is the one.
            instance = try scope.keep(step.index, instance)
        } else if step.action == .makeInGraph {
            resolution.sync.keepInGraph(step.index, instance)
        }
        registers.put(instance, in: Int(step.register))
    }

    /// Runs a `set` or `callback` step that suspends, on the component in
    /// its register, in the setter's or callback's own isolation.
    nonisolated(nonsending)
    private func finishAsync(_ step: ResolutionProgram.Step, _ plan: ComponentPlan, of program: ResolutionProgram,
                             in registers: ArgumentRegisters, within constructing: [Int]) async throws {
        guard let owner = registers.peek(Int(step.register)) else { throw notMade(plan) }
        do {
            if step.action == .set {
                let property = plan.properties[Int(step.next)]
                try await setAsync(property, of: plan, on: owner, to: try propertyValue(of: step, property, from: registers))
            } else {
                try await runAsync(ResolutionProgram.callbacks[Int(step.next)], of: plan, on: owner)
            }
        } catch {
            throw failure(error, building: plan, within: constructing + program.needers(of: Int(step.register)))
        }
    }

    /// Runs `program`'s steps, with its registers on the stack: its
    /// singletons read first, then each step in turn. Never inlined: one
    /// copy of the loop serves every lookup.
    @inline(never)
    private func run(_ program: ResolutionProgram, in resolution: inout Resolution) throws -> Instance {
        // At most 32 registers: their bits are one word. Laid out here, not by a helper taking a
        // closure, which the optimizer keeps out of line (the graph's row, Benchmarks/README §Lookups).
        var filled: UInt64 = 0
        return try withUnsafeMutablePointer(to: &filled) { filled in
            try withUnsafeTemporaryAllocation(of: Instance.self, capacity: program.registerCount) { buffer in
                let registers = ArgumentRegisters(base: buffer.baseAddress.unsafelyUnwrapped, filled: filled, words: 1)
                defer { registers.empty() }
                for singleton in program.singletons {
                    guard let shared = store.shared(singleton.index) else {
                        return try instanceOnFrames(program.top, in: &resolution)
                    }
                    registers.put(shared, in: singleton.register)
                }
                // A maker that suspends is the async lookup's: the synchronous one refuses its component first (requires-async).
                guard try runStepsLocking(program, from: 0, in: registers, &resolution) == nil else { throw requiresAsync(program.top) }
                // The last step made the top component, or found it and went past the end.
                guard let top = registers.take(0) else { throw notMade(table.plans[program.top]) }
                return top
            }
        }
    }

    /// ``runSteps(_:from:in:_:)`` under the scope's lock when `program` has
    /// request components and the resolution does not hold it yet.
    func runStepsLocking(_ program: ResolutionProgram, from start: Int, in registers: ArgumentRegisters,
                         _ resolution: inout Resolution, awaitingParents: Bool = false) throws -> Int? {
        let locks = program.usesScope && !resolution.holdsScopeLock && resolution.scope != nil
        if locks {
            resolution.scope.unsafelyUnwrapped.lock()
            resolution.holdsScopeLock = true
        }
        defer {
            if locks {
                resolution.holdsScopeLock = false
                resolution.scope.unsafelyUnwrapped.unlock()
            }
        }
        return try runSteps(program, from: start, in: registers, &resolution, awaitingParents: awaitingParents)
    }

    /// Runs `program`'s steps from `start` until the end (then nil) or a
    /// step that suspends, which it leaves to the async lookup (then its
    /// position): the one loop that both lookups run.
    // Forced, with its pair (run and make); needed by: graph, Benchmarks/README §Lookups.
    @inline(__always)
    private func runSteps(_ program: ResolutionProgram, from start: Int, in registers: ArgumentRegisters,
                          _ resolution: inout Resolution, awaitingParents: Bool) throws -> Int? {
        // Read once, and lent: the table holds its argument slots for its life.
        // Unmanaged, not retained per run; needed by: graph, Benchmarks/README §Lookups.
        let slots = Unmanaged.passUnretained(table.programs)
        let (steps, arguments) = (program.steps, program.argumentRegisters)
        var position = start
        while position < steps.count {
            let step = steps[position]
            let register = Int(step.register)
            switch step.action {
            case .findInScope:
                guard let scope = resolution.scope else { throw step.plan._withUnsafeGuaranteedRef { outsideScope($0) } }
                if let kept = try scope.keptHoldingLock(step.index) {
                    registers.put(kept, in: register)
                    position = Int(step.next)
                    continue
                }
            case .findInGraph:
                if let kept = resolution.graphInstance(step.index) {
                    registers.put(kept, in: register)
                    position = Int(step.next)
                    continue
                }
            case .make, .makeInScope, .makeInGraph:
                if step.suspends { return position }
                let made = try make(step, of: program, slots: slots._withUnsafeGuaranteedRef { $0.slots(of: step.index) },
                                    registers: registers, lanes: arguments.baseAddress.map { $0 + Int(step.arguments) },
                                    within: resolution.constructing)
                if step.action == .makeInScope {
                    // After its find, which found the scope; the resolution holds its lock.
                    resolution.scope.unsafelyUnwrapped.keepHoldingLock(step.index, made)
                } else if step.action == .makeInGraph {
                    resolution.keepInGraph(step.index, made)
                }
                registers.put(made, in: register)
            case .set, .callback, .postProcess:
                if step.suspends { return position }
                try finish(step, of: program, in: registers, within: resolution.constructing)
            case .gather:
                registers.put(try gathered(step, of: program, from: registers), in: register)
            case .inherited:
                if awaitingParents { return position }
                registers.put(try inheritedInstance(forKey: program.inheritedKey(of: step)), in: register)
            case .enter, .leave, .publish, .unpublish, .resolve:
                // A frame's: done by the frames that run it.
                return position
            case .keepInScope, .keepInGraph:
                // Whole now: kept, and left in its register for what needs it.
                guard let made = registers.take(register) else { throw step.plan._withUnsafeGuaranteedRef { notMade($0) } }
                if step.action == .keepInScope {
                    resolution.scope.unsafelyUnwrapped.keepHoldingLock(step.index, made)
                } else {
                    resolution.keepInGraph(step.index, made)
                }
                registers.put(made, in: register)
            }
            position += 1
        }
        return nil
    }

    /// Runs a `set`, `callback` or `postProcess` step that does not
    /// suspend, on the component in its register; what its code throws
    /// names the path to it, below the components `constructing` outside the program.
    @inline(never)
    private func finish(_ step: ResolutionProgram.Step, of program: ResolutionProgram, in registers: ArgumentRegisters,
                        within constructing: @autoclosure () -> [Int]) throws {
        let plan = table.plans[step.index]
        guard let owner = registers.take(Int(step.register)) else { throw notMade(plan) }
        var value = owner.value
        do {
            if step.action == .postProcess {
                for postProcessor in table.postProcessors { value = try postProcessor.postProcess(value, key: plan.key) }
                registers.put(Instance(any: value), in: Int(step.register))
                return
            }
            if step.action == .set {
                let property = plan.properties[Int(step.next)]
                let argument = try propertyValue(of: step, property, from: registers).value
                guard property.registration.set(&value, argument) else { throw property.mismatch(argument, of: plan.key) }
            } else if let callback = plan.callback(ResolutionProgram.callbacks[Int(step.next)]) {
                try callback.run(&value)
            }
        } catch {
            throw failure(error, building: plan, within: constructing() + program.needers(of: Int(step.register)))
        }
        // A class instance was changed in place; a value is made an instance again.
        registers.put(owner.isObject ? owner : Instance(any: value), in: Int(step.register))
    }

    /// The collection or dictionary a `gather` step makes, from its items'
    /// registers (each taken) and constants: `type-mismatch` when an item does not fit.
    @inline(never)
    private func gathered(_ step: ResolutionProgram.Step, of program: ResolutionProgram, from registers: ArgumentRegisters) throws -> Instance {
        let lanes = Int(step.arguments)
        /// The value of the item at `position`, whose plan is `item`.
        func value(_ position: Int, _ item: ValuePlan) throws -> Any {
            let lane = Int(program.argumentRegisters[lanes + position])
            if lane >= 0, let instance = registers.take(lane) { return instance.value }
            if lane < 0, case .constant(let constant) = item { return constant.value }
            throw notMade(table.plans[step.index])
        }
        switch program.valuePlans[Int(step.next)] {
        case .collection(let items, let make, let typeName):
            return try ValuePlan.collection(of: items.enumerated().map { try value($0, $1) }, make, typeName: typeName)
        case .dictionary(let entries, let make, let typeName):
            return try ValuePlan.dictionary(of: entries.enumerated().map { ($1.key, try value($0, $1.value)) }, make, typeName: typeName)
        case .constant, .component, .inherited:
            throw notMade(table.plans[step.index])
        }
    }

    /// The value a `set` step sets: the instance in its value's register, or the property's constant.
    private func propertyValue(of step: ResolutionProgram.Step, _ property: ComponentPlan.PropertyStep,
                               from registers: ArgumentRegisters) throws -> Instance {
        if step.arguments >= 0, let instance = registers.take(Int(step.arguments)) { return instance }
        if step.arguments < 0, case .constant(let constant) = property.value { return constant }
        throw notMade(table.plans[step.index])
    }

    /// Calls the maker of `step`'s component, its arguments read from
    /// `registers` as `lanes` says; what it throws names the path to it,
    /// below the components `constructing` outside the program.
    // Forced, with its pair (run and make); needed by: graph, Benchmarks/README §Lookups.
    @inline(__always)
    private func make(_ step: ResolutionProgram.Step, of program: ResolutionProgram, slots: UnsafeBufferPointer<ArgumentSlot>,
                      registers: ArgumentRegisters, lanes: UnsafePointer<Int32>?, within constructing: @autoclosure () -> [Int]) throws -> Instance {
        try step.plan._withUnsafeGuaranteedRef { plan in
            var arguments = Arguments(registers: registers, slots: slots, lanes: lanes, receiverRegister: Int(step.next))
            do {
                return try plan.make(&arguments)
            } catch {
                throw failure(error, building: plan, within: constructing() + program.needers(of: Int(step.register)))
            }
        }
    }
}
