import Synchronization

/// The programs of a factory's plans. Every plan has the program of its
/// frame (``frame(_:)``), which the frames run (``Factory/run(_:in:)``). And
/// some plans are built straight through, by a ``ResolutionProgram`` of their own (``program(_:)``): a
/// prototype, object-graph or request component made by its maker, its
/// properties set and its callbacks run, all of whose arguments, property
/// values, `depends-on` and factory component, to the bottom, are constants,
/// components of that kind, a parent factory's components, or collections
/// and dictionaries of them (of any scope, singletons too), within a program's bounds. A
/// maker, setter or callback may be async or isolated: only the async
/// lookup runs a program with such a step.
///
/// Building one needs none of what the factory watches for elsewhere:
/// nothing under it can close a cycle, since a program lays out the tree of
/// what it needs, and a cycle's tree has no end (past ``ResolutionProgram/maximumSize``
/// there is no program). So nothing in it is needed while it is being
/// built: its program skips publishing, the lookup of an instance in
/// progress, the walk of the components being built and the waiting
/// injections. The depth bound, patches, object-graph sharing, a request
/// component's one instance per scope, kept once it is whole, and the path
/// a failure names are kept (see ``Factory/instance(running:in:)``). A
/// singleton is shared, and made once, under the store's lock: a program only reads it.
///
/// While the table has component post-processors, each instance passes
/// through them, by a step after its callbacks.
///
/// Every plan's arguments are here too, as its registered closure reads
/// them (``slots(of:)``): one ``ArgumentSlot`` an argument, laid out once
/// and read in place by each making step, so that an argument costs no
/// matching of its ``ValuePlan`` and no table lookup of the plan it names.
/// A constant slot holds the constant's object; a component slot names the
/// component's index, and, for a singleton, the cell where its conversion
/// to the parameter's type is kept (``ConversionCell``). Anything else (an
/// inherited component, a collection, a dictionary) is neither, and is
/// resolved from its ``ValuePlan``.
///
/// The programs' parts and the slots lie in one buffer of each kind, made
/// once here and never changed, which the table holds for the factory's
/// life: a program, and a plan's slots, are lent to whatever runs them, as the plans they name are.
final class ProgramTable: @unchecked Sendable {
    // @unchecked: its buffers are lent to every run with no retain (the rows named on `Step.plan` and on `runSteps`' slots), its value plans and slots hold constants as ComponentPlan does, and a singleton argument's cell keeps a built component.
    /// The programs, and for each plan the position of its own, or -1.
    private let programs: UnsafeMutableBufferPointer<ResolutionProgram>
    private let positions: [Int32]
    /// Each plan's frame program, by the plan's index.
    private let frames: UnsafeMutableBufferPointer<ResolutionProgram>
    private let steps: UnsafeMutableBufferPointer<ResolutionProgram.Step>
    private let singletons: UnsafeMutableBufferPointer<ResolutionProgram.Singleton>
    private let argumentRegisters: UnsafeMutableBufferPointer<Int32>
    private let registers: UnsafeMutableBufferPointer<ResolutionProgram.Register>
    /// The values the programs' steps resolve from their plans: collections, dictionaries and parents' components.
    private let valuePlans: UnsafeMutableBufferPointer<ValuePlan>
    /// The argument slots of all plans, one after another, and for each plan its own.
    private let slots: UnsafeMutableBufferPointer<ArgumentSlot>
    private let slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>]
    /// The conversion cells of the slots that name a singleton, one after another.
    private let conversions: UnsafeMutableBufferPointer<AtomicLazyReference<AnyObject>>

    init(plans: [ComponentPlan], hasPostProcessors: Bool) {
        // Straight-through to the bottom: clear the plans that need one that is not,
        // backwards along the needs, once each.
        var isStraightThrough = plans.map(Self.isStraightThroughAlone)
        let needers = ComponentPlan.neededBy(plans)
        var queue = plans.indices.filter { !isStraightThrough[$0] }
        var head = 0
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in needers[target] where isStraightThrough[needer] {
                isStraightThrough[needer] = false
                queue.append(needer)
            }
        }
        // A singleton is shared, and made once under the store's lock: never straight through.
        let layouts = plans.map { plan -> ResolutionProgram.Layout? in
            guard isStraightThrough[plan.index], plan.scope != .singleton, plan.scope != .weakSingleton else { return nil }
            return ProgramCompiler.straightThrough(plan.index, plans: plans, isStraightThrough: isStraightThrough,
                                                   postProcesses: hasPostProcessors, maximumNesting: Factory.maximumNesting)
        }
        // Never nil: a frame's program has no bound. An empty one would end its frame with `build-failed`.
        let frameLayouts = plans.map { plan in
            ProgramCompiler.frame(plan.index, plans: plans, postProcesses: hasPostProcessors)
        }
        let laidOut = layouts.compactMap { $0 } + frameLayouts
        let steps = UnsafeMutableBufferPointer<ResolutionProgram.Step>.allocate(capacity: laidOut.reduce(0) { $0 + $1.steps.count })
        let singletons = UnsafeMutableBufferPointer<ResolutionProgram.Singleton>.allocate(capacity: laidOut.reduce(0) { $0 + $1.singletons.count })
        let argumentRegisters = UnsafeMutableBufferPointer<Int32>.allocate(capacity: laidOut.reduce(0) { $0 + $1.argumentRegisters.count })
        let registers = UnsafeMutableBufferPointer<ResolutionProgram.Register>.allocate(capacity: laidOut.reduce(0) { $0 + $1.registers.count })
        let valuePlans = UnsafeMutableBufferPointer<ValuePlan>.allocate(capacity: laidOut.reduce(0) { $0 + $1.valuePlans.count })
        let programs = UnsafeMutableBufferPointer<ResolutionProgram>.allocate(capacity: laidOut.count - frameLayouts.count)
        let frames = UnsafeMutableBufferPointer<ResolutionProgram>.allocate(capacity: frameLayouts.count)
        var positions = [Int32](repeating: -1, count: plans.count)
        var filled = (steps: 0, singletons: 0, arguments: 0, registers: 0, valuePlans: 0, programs: 0)
        /// `parts` copied into `buffer` after the `filled` elements already there: where they lie.
        func place<Element>(_ parts: [Element], in buffer: UnsafeMutableBufferPointer<Element>, after filled: inout Int) -> UnsafeBufferPointer<Element> {
            let start = buffer.baseAddress.map { $0 + filled }
            start?.initialize(from: parts, count: parts.count)
            filled += parts.count
            return UnsafeBufferPointer(start: start, count: parts.count)
        }
        /// `layout`'s parts placed in the buffers: its program.
        func placed(_ layout: ResolutionProgram.Layout) -> ResolutionProgram {
            ResolutionProgram(steps: place(layout.steps, in: steps, after: &filled.steps),
                              singletons: place(layout.singletons, in: singletons, after: &filled.singletons),
                              argumentRegisters: place(layout.argumentRegisters, in: argumentRegisters, after: &filled.arguments),
                              registers: place(layout.registers, in: registers, after: &filled.registers),
                              valuePlans: place(layout.valuePlans, in: valuePlans, after: &filled.valuePlans),
                              depth: layout.depth, usesScope: layout.usesScope)
        }
        for (index, layout) in layouts.enumerated() {
            guard let layout else { continue }
            programs.initializeElement(at: filled.programs, to: placed(layout))
            positions[index] = Int32(filled.programs)
            filled.programs += 1
        }
        for (index, layout) in frameLayouts.enumerated() {
            frames.initializeElement(at: index, to: placed(layout))
        }
        (self.programs, self.positions, self.frames, self.steps, self.singletons, self.argumentRegisters, self.registers, self.valuePlans) =
            (programs, positions, frames, steps, singletons, argumentRegisters, registers, valuePlans)
        (slots, slotsByPlan, conversions) = Self.argumentSlots(of: plans)
    }

    /// Every plan's argument slots, in one buffer, with a conversion cell for each argument that names a singleton.
    private static func argumentSlots(of plans: [ComponentPlan]) -> (UnsafeMutableBufferPointer<ArgumentSlot>, [UnsafeBufferPointer<ArgumentSlot>],
                                                                     UnsafeMutableBufferPointer<AtomicLazyReference<AnyObject>>) {
        // Not a weak singleton: a kept conversion would hold it.
        func isSingleton(_ index: Int) -> Bool { plans.indices.contains(index) && plans[index].scope == .singleton }
        let slots = UnsafeMutableBufferPointer<ArgumentSlot>.allocate(capacity: plans.reduce(0) { $0 + $1.arguments.count })
        let conversions = UnsafeMutableBufferPointer<AtomicLazyReference<AnyObject>>.allocate(capacity: plans.reduce(0) { total, plan in
            total + plan.arguments.count { if case .component(let index) = $0 { isSingleton(index) } else { false } }
        })
        var slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>] = []
        slotsByPlan.reserveCapacity(plans.count)
        var (start, cells) = (0, 0)
        for plan in plans {
            for (offset, argument) in plan.arguments.enumerated() {
                let slot: ArgumentSlot
                switch argument {
                case .constant(let value):
                    slot = ArgumentSlot(constant: value.object)
                case .component(let index) where plans.indices.contains(index):
                    var cell: ConversionCell?
                    if isSingleton(index), let base = conversions.baseAddress {
                        (base + cells).initialize(to: AtomicLazyReference())
                        cell = ConversionCell(base + cells)
                        cells += 1
                    }
                    slot = ArgumentSlot(component: index, conversion: cell)
                case .component, .inherited, .collection, .dictionary:
                    slot = ArgumentSlot(component: -1, conversion: nil)
                }
                slots.initializeElement(at: start + offset, to: slot)
            }
            slotsByPlan.append(UnsafeBufferPointer(rebasing: slots[start..<start + plan.arguments.count]))
            start += plan.arguments.count
        }
        return (slots, slotsByPlan, conversions)
    }

    deinit {
        // Plain data all, but the value plans.
        if let base = valuePlans.baseAddress { base.deinitialize(count: valuePlans.count) }
        valuePlans.deallocate()
        if let base = conversions.baseAddress { base.deinitialize(count: conversions.count) }
        conversions.deallocate()
        if let base = slots.baseAddress { base.deinitialize(count: slots.count) }
        slots.deallocate()
        for buffer in [UnsafeMutableRawBufferPointer(programs), UnsafeMutableRawBufferPointer(frames), UnsafeMutableRawBufferPointer(steps), UnsafeMutableRawBufferPointer(singletons),
                       UnsafeMutableRawBufferPointer(argumentRegisters), UnsafeMutableRawBufferPointer(registers)] {
            buffer.deallocate()
        }
    }

    /// The program of the plan at `index` when it is built straight through, lent: this table holds it.
    func program(_ index: Int) -> UnsafePointer<ResolutionProgram>? {
        let position = Int(positions[index])
        return position < 0 ? nil : UnsafePointer(programs.baseAddress.unsafelyUnwrapped + position)
    }

    /// The argument slots of the plan at `index`, in argument order, lent: this table holds them.
    func slots(of index: Int) -> UnsafeBufferPointer<ArgumentSlot> {
        slotsByPlan[index]
    }

    /// The program of the frame that builds the plan at `index`, lent: this table holds it.
    func frame(_ index: Int) -> UnsafePointer<ResolutionProgram> {
        UnsafePointer(frames.baseAddress.unsafelyUnwrapped + index)
    }

    /// Whether `plan` itself is straight-through: made by its maker from any values
    /// (a parent factory's components and collections included), with its
    /// properties set, its callbacks run, and its factory component and
    /// `depends-on` components built first (a seeded request component,
    /// never made, is too), as long as every component it needs is
    /// straight-through as well. The maker, setters and callbacks are synchronous and
    /// nonisolated, or async or isolated: then their steps suspend, and
    /// only the async lookup runs the program.
    private static func isStraightThroughAlone(_ plan: ComponentPlan) -> Bool {
        plan.isolation == .nonisolated || plan.makeAsync != nil
    }
}
