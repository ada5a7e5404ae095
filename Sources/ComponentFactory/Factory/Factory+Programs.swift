extension Factory {
    /// The instance of the direct component whose program is `lent` (see
    /// ``ResolutionProgram``), made by running it in `resolution`. Built by
    /// the path that checks everything instead when a patch is set, when it
    /// would nest deeper than ``maximumNesting`` below where the resolution
    /// is, or when a singleton it needs is not built yet: those are what
    /// that path is for, and they come up once, or in tests.
    ///
    /// A program with request components runs under its scope's lock, taken
    /// here unless the resolution holds it: one lock for all of them.
    // Forced: without it the graph ran 4,747 instructions instead of 4,720 (callgrind, profile-graph).
    @inline(__always)
    func instance(running lent: UnsafePointer<ResolutionProgram>, in resolution: inout Resolution) throws -> Instance {
        // Lent: the table holds every program for the factory's life.
        let program = lent.pointee
        guard patches.isEmpty, resolution.depth &+ program.depth <= Self.maximumNesting else {
            return try checkedInstance(program.top, in: &resolution)
        }
        guard program.usesScope, !resolution.holdsScopeLock, let scope = resolution.scope else {
            return try run(program, in: &resolution)
        }
        return try scope.holdingLock {
            resolution.holdsScopeLock = true
            defer { resolution.holdsScopeLock = false }
            return try run(program, in: &resolution)
        }
    }

    /// Runs `program`'s steps, with its registers on the stack: its
    /// singletons read first, then each step in turn. Never inlined: one
    /// copy of the loop serves every lookup.
    @inline(never)
    private func run(_ program: ResolutionProgram, in resolution: inout Resolution) throws -> Instance {
        // At most 32 registers: their bits are one word. Laid out here, not by
        // ArgumentRegisters.with, whose closure the optimizer kept out of line: 4,898 instructions for the graph against 4,692 (callgrind).
        var filled: UInt64 = 0
        return try withUnsafeMutablePointer(to: &filled) { filled in
            try withUnsafeTemporaryAllocation(of: Instance.self, capacity: program.registerCount) { buffer in
                let registers = ArgumentRegisters(base: buffer.baseAddress.unsafelyUnwrapped, filled: filled, words: 1)
                defer { registers.empty() }
                return try run(program, in: registers, &resolution)
            }
        }
    }

    /// ``run(_:in:)`` with its `registers`, empty at first.
    // Forced, with its pair: without run and make inlined, the graph ran 4,739 instructions instead of 4,693 (callgrind, profile-graph).
    @inline(__always)
    private func run(_ program: ResolutionProgram, in registers: ArgumentRegisters, _ resolution: inout Resolution) throws -> Instance {
        for singleton in program.singletons {
            guard let shared = store.shared(singleton.index) else {
                return try checkedInstance(program.top, in: &resolution)
            }
            registers.put(shared, in: singleton.register)
        }
        // Read once, and lent: the table holds its argument slots for its life. Unmanaged: retained
        // instead, the graph ran 1.61-1.64x hand-built against 1.45-1.51x (factory-benchmark, 3 alternating runs, 2026-11-28).
        let slots = Unmanaged.passUnretained(table.arguments)
        let (steps, arguments) = (program.steps, program.argumentRegisters)
        var position = 0
        while position < steps.count {
            let step = steps[position]
            let register = Int(step.register)
            switch step.action {
            case .findInScope:
                guard let scope = resolution.scope else { throw step.plan._withUnsafeGuaranteedRef { outsideScope($0) } }
                if let kept = try scope.keptHoldingLock(Int(step.index)) {
                    registers.put(kept, in: register)
                    position = Int(step.next)
                    continue
                }
            case .findInGraph:
                if let kept = resolution.graphInstance(Int(step.index)) {
                    registers.put(kept, in: register)
                    position = Int(step.next)
                    continue
                }
            case .make, .makeInScope, .makeInGraph:
                let made = try make(step, of: program, slots: slots._withUnsafeGuaranteedRef { $0.slots(of: Int(step.index)) },
                                    registers: registers, lanes: arguments.baseAddress.map { $0 + Int(step.arguments) },
                                    within: resolution.constructing)
                if step.action == .makeInScope {
                    // After its find, which found the scope.
                    resolution.scope.unsafelyUnwrapped.keepHoldingLock(Int(step.index), made)
                } else if step.action == .makeInGraph {
                    resolution.keepInGraph(Int(step.index), made)
                }
                registers.put(made, in: register)
            }
            position += 1
        }
        // The last step made the top component, or found it and went past the end.
        guard let top = registers.take(0) else {
            throw Diagnostic(.buildFailed, "component '\(table.plans[program.top].key)' was not made", at: table.plans[program.top].location)
        }
        return top
    }

    /// Calls the maker of `step`'s component, its arguments read from
    /// `registers` as `lanes` says; what it throws names the path to it,
    /// below the components `constructing` outside the program.
    // Forced, with its pair: without run and make inlined, the graph ran 4,739 instructions instead of 4,693 (callgrind, profile-graph).
    @inline(__always)
    private func make(_ step: ResolutionProgram.Step, of program: ResolutionProgram, slots: UnsafeBufferPointer<ArgumentSlot>,
                      registers: ArgumentRegisters, lanes: UnsafePointer<Int32>?, within constructing: @autoclosure () -> [Int]) throws -> Instance {
        try step.plan._withUnsafeGuaranteedRef { plan in
            var arguments = Arguments(registers: registers, slots: slots, lanes: lanes)
            do {
                return try plan.make(&arguments)
            } catch {
                throw failure(error, building: plan, within: constructing() + program.needers(of: Int(step.register)))
            }
        }
    }
}
