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
/// The programs' parts and the slots lie in one buffer of each kind
/// (``ProgramParts``), made once here and never changed, which the table
/// holds for the factory's life: a program, and a plan's slots, are lent to
/// whatever runs them, as the plans they name are. A table made for other
/// values than the one before it (``init(updating:plans:remade:reloadable:hasPostProcessors:)``)
/// lays out anew only the programs and slots that name a plan made anew,
/// and lends the rest from the parts of the table before.
final class ProgramTable: @unchecked Sendable {
    // @unchecked: its buffers are lent to every run with no retain (the rows named on `Step.plan` and on `runSteps`' slots), its value plans and slots hold constants as ComponentPlan does, and a singleton argument's cell keeps a built component.
    /// The parts every program and slot here lies in: the ones laid out for this table last.
    private let parts: [ProgramParts]
    /// The programs, and for each plan the position of its own, or -1.
    private let programs: UnsafeMutableBufferPointer<ResolutionProgram>
    private let positions: [Int32]
    /// Each plan's frame program, by the plan's index.
    private let frames: UnsafeMutableBufferPointer<ResolutionProgram>
    /// Each plan's argument slots.
    private let slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>]
    /// Which plans are built straight through, to the bottom, and who needs each plan: what follows from the plans' shape alone.
    private let isStraightThrough: [Bool]
    let neededBy: [[Int]]

    /// The most tables whose parts one lends from: past it, a table for other values is laid out whole.
    private static let maximumLenders = 8

    init(plans: [ComponentPlan], hasPostProcessors: Bool) {
        neededBy = ComponentPlan.neededBy(plans)
        isStraightThrough = Self.straightThrough(plans, neededBy: neededBy)
        let all = Array(plans.indices)
        let (layouts, frameLayouts) = Self.layouts(of: all, plans: plans, isStraightThrough: isStraightThrough, postProcesses: hasPostProcessors)
        let laid = ProgramParts(layouts: layouts.compactMap { $0 } + frameLayouts, slotted: plans, of: plans)
        programs = .allocate(capacity: layouts.count { $0 != nil })
        frames = .allocate(capacity: plans.count)
        var positions = [Int32](repeating: -1, count: plans.count)
        var placed = 0
        for (index, layout) in layouts.enumerated() {
            guard let layout else { continue }
            programs.initializeElement(at: placed, to: laid.place(layout))
            positions[index] = Int32(placed)
            placed += 1
        }
        for (index, layout) in frameLayouts.enumerated() {
            frames.initializeElement(at: index, to: laid.place(layout))
        }
        self.positions = positions
        slotsByPlan = plans.map { laid.placeSlots(of: $0, in: plans) }
        parts = [laid]
    }

    /// The programs of `plans`, `previous`'s plans for other values: the
    /// same in number, keys, scopes, makers and edges, each one not in
    /// `remade` `previous`'s own object. The programs and slots of the plans
    /// in `remade`, of the reloadable ones (whose singletons a reload builds
    /// anew, so a conversion kept for the old one would never serve again:
    /// a cell answers only for the object it was made from), and of every
    /// plan that needs one of them, to the top, are laid out anew; every
    /// other is lent from `previous`'s parts, which name only plans of
    /// `plans`, and whose cells serve both tables alike. Laid out whole when
    /// that is most of them, or when `previous` lends from too many tables
    /// (so that parts, and what their cells hold, outlive a table by at most that many).
    convenience init(updating previous: ProgramTable, plans: [ComponentPlan], remade: Set<Int>, reloadable: [Bool],
                     hasPostProcessors: Bool) {
        var isRelaid = [Bool](repeating: false, count: plans.count)
        var queue = plans.indices.filter { remade.contains($0) || reloadable[$0] }
        for index in queue { isRelaid[index] = true }
        var head = 0
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in previous.neededBy[target] where !isRelaid[needer] {
                isRelaid[needer] = true
                queue.append(needer)
            }
        }
        guard previous.positions.count == plans.count, queue.count <= plans.count / 2, previous.parts.count < Self.maximumLenders else {
            self.init(plans: plans, hasPostProcessors: hasPostProcessors)
            return
        }
        let relaid = queue.sorted()
        let (layouts, frameLayouts) = Self.layouts(of: relaid, plans: plans, isStraightThrough: previous.isStraightThrough,
                                                   postProcesses: hasPostProcessors)
        // The shape decides which plans have a program of their own; should a bound say otherwise, all is laid out again.
        guard zip(relaid, layouts).allSatisfy({ ($1 != nil) == (previous.positions[$0] >= 0) }) else {
            self.init(plans: plans, hasPostProcessors: hasPostProcessors)
            return
        }
        let laid = ProgramParts(layouts: layouts.compactMap { $0 } + frameLayouts, slotted: relaid.map { plans[$0] }, of: plans)
        let programs = UnsafeMutableBufferPointer<ResolutionProgram>.allocate(capacity: previous.programs.count)
        if let base = programs.baseAddress, let from = previous.programs.baseAddress { base.initialize(from: from, count: programs.count) }
        let frames = UnsafeMutableBufferPointer<ResolutionProgram>.allocate(capacity: plans.count)
        if let base = frames.baseAddress, let from = previous.frames.baseAddress { base.initialize(from: from, count: frames.count) }
        var slotsByPlan = previous.slotsByPlan
        for (offset, index) in relaid.enumerated() {
            if let layout = layouts[offset] { programs[Int(previous.positions[index])] = laid.place(layout) }
            frames[index] = laid.place(frameLayouts[offset])
            slotsByPlan[index] = laid.placeSlots(of: plans[index], in: plans)
        }
        self.init(parts: previous.parts + [laid], programs: programs, positions: previous.positions, frames: frames,
                  slotsByPlan: slotsByPlan, isStraightThrough: previous.isStraightThrough, neededBy: previous.neededBy)
    }

    private init(parts: [ProgramParts], programs: UnsafeMutableBufferPointer<ResolutionProgram>, positions: [Int32],
                 frames: UnsafeMutableBufferPointer<ResolutionProgram>, slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>],
                 isStraightThrough: [Bool], neededBy: [[Int]]) {
        (self.parts, self.programs, self.positions, self.frames, self.slotsByPlan, self.isStraightThrough, self.neededBy) =
            (parts, programs, positions, frames, slotsByPlan, isStraightThrough, neededBy)
    }

    deinit {
        // Plain data: the parts they lie in go with the last table that lends them.
        programs.deallocate()
        frames.deallocate()
    }

    /// Which plans are straight-through to the bottom: each that is alone,
    /// less those that need one that is not, cleared backwards along the needs, once each.
    private static func straightThrough(_ plans: [ComponentPlan], neededBy: [[Int]]) -> [Bool] {
        var isStraightThrough = plans.map(Self.isStraightThroughAlone)
        var queue = plans.indices.filter { !isStraightThrough[$0] }
        var head = 0
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in neededBy[target] where isStraightThrough[needer] {
                isStraightThrough[needer] = false
                queue.append(needer)
            }
        }
        return isStraightThrough
    }

    /// The layouts of the plans at `indices`: each one's own program (nil
    /// for none) and its frame's, in the order of `indices`.
    private static func layouts(of indices: [Int], plans: [ComponentPlan], isStraightThrough: [Bool],
                                postProcesses: Bool) -> ([ResolutionProgram.Layout?], [ResolutionProgram.Layout]) {
        // A singleton is shared, and made once under the store's lock: never straight through.
        let layouts = indices.map { index -> ResolutionProgram.Layout? in
            guard isStraightThrough[index], plans[index].scope != .singleton, plans[index].scope != .weakSingleton else { return nil }
            return ProgramCompiler.straightThrough(index, plans: plans, isStraightThrough: isStraightThrough,
                                                   postProcesses: postProcesses, maximumNesting: Factory.maximumNesting)
        }
        // Never nil: a frame's program has no bound. An empty one would end its frame with `build-failed`.
        let frameLayouts = indices.map { ProgramCompiler.frame($0, plans: plans, postProcesses: postProcesses) }
        return (layouts, frameLayouts)
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
