import Synchronization

/// The buffers that a ``ProgramTable``'s programs and argument slots lie
/// in, one of each kind: sized once for the layouts and plans they are
/// made for, filled as the table places them, and never changed after. A
/// table made for other values than the one before it (a live factory's
/// reload) lends the parts of the programs it keeps from that table's, so
/// they live as long as the last table that lends them.
///
/// Not `Sendable` of its own: only a ``ProgramTable`` holds one.
final class ProgramParts {
    private let steps: UnsafeMutableBufferPointer<ResolutionProgram.Step>
    private let singletons: UnsafeMutableBufferPointer<ResolutionProgram.Singleton>
    private let argumentRegisters: UnsafeMutableBufferPointer<Int32>
    private let registers: UnsafeMutableBufferPointer<ResolutionProgram.Register>
    /// The values the programs' steps resolve from their plans: collections, dictionaries and parents' components.
    private let valuePlans: UnsafeMutableBufferPointer<ValuePlan>
    /// The argument slots of the plans placed, one after another.
    private let slots: UnsafeMutableBufferPointer<ArgumentSlot>
    /// The conversion cells of the slots that name a singleton, one after another.
    private let conversions: UnsafeMutableBufferPointer<AtomicLazyReference<AnyObject>>
    private var filled = (steps: 0, singletons: 0, arguments: 0, registers: 0, valuePlans: 0, slots: 0, conversions: 0)

    /// Room for `layouts`, and for the argument slots of `slotted`, whose
    /// arguments name components of `plans` (those that are singletons get a cell).
    init(layouts: [ResolutionProgram.Layout], slotted: [ComponentPlan], of plans: [ComponentPlan]) {
        steps = .allocate(capacity: layouts.reduce(0) { $0 + $1.steps.count })
        singletons = .allocate(capacity: layouts.reduce(0) { $0 + $1.singletons.count })
        argumentRegisters = .allocate(capacity: layouts.reduce(0) { $0 + $1.argumentRegisters.count })
        registers = .allocate(capacity: layouts.reduce(0) { $0 + $1.registers.count })
        valuePlans = .allocate(capacity: layouts.reduce(0) { $0 + $1.valuePlans.count })
        slots = .allocate(capacity: slotted.reduce(0) { $0 + $1.arguments.count })
        conversions = .allocate(capacity: slotted.reduce(0) { total, plan in
            total + plan.arguments.count { if case .component(let index) = $0 { Self.isSingleton(index, in: plans) } else { false } }
        })
    }

    deinit {
        // Plain data all, but the value plans, the slots and the cells, which are initialized as far as filled.
        if let base = valuePlans.baseAddress { base.deinitialize(count: filled.valuePlans) }
        if let base = conversions.baseAddress { base.deinitialize(count: filled.conversions) }
        if let base = slots.baseAddress { base.deinitialize(count: filled.slots) }
        for buffer in [UnsafeMutableRawBufferPointer(steps), UnsafeMutableRawBufferPointer(singletons),
                       UnsafeMutableRawBufferPointer(argumentRegisters), UnsafeMutableRawBufferPointer(registers),
                       UnsafeMutableRawBufferPointer(valuePlans), UnsafeMutableRawBufferPointer(slots),
                       UnsafeMutableRawBufferPointer(conversions)] {
            buffer.deallocate()
        }
    }

    /// `layout`'s parts placed after those already here: its program, lent.
    func place(_ layout: ResolutionProgram.Layout) -> ResolutionProgram {
        ResolutionProgram(steps: Self.place(layout.steps, in: steps, after: &filled.steps),
                          singletons: Self.place(layout.singletons, in: singletons, after: &filled.singletons),
                          argumentRegisters: Self.place(layout.argumentRegisters, in: argumentRegisters, after: &filled.arguments),
                          registers: Self.place(layout.registers, in: registers, after: &filled.registers),
                          valuePlans: Self.place(layout.valuePlans, in: valuePlans, after: &filled.valuePlans),
                          depth: layout.depth, usesScope: layout.usesScope)
    }

    /// `plan`'s argument slots placed after those already here, lent: a
    /// constant slot holds the constant's object; one that names a component
    /// of `plans` its index, with a cell when it is a singleton (not a weak
    /// one: a kept conversion would hold it); anything else neither.
    func placeSlots(of plan: ComponentPlan, in plans: [ComponentPlan]) -> UnsafeBufferPointer<ArgumentSlot> {
        let start = filled.slots
        for argument in plan.arguments {
            let slot: ArgumentSlot
            switch argument {
            case .constant(let value):
                slot = ArgumentSlot(constant: value.object)
            case .component(let index) where plans.indices.contains(index):
                var cell: ConversionCell?
                if Self.isSingleton(index, in: plans), let base = conversions.baseAddress {
                    (base + filled.conversions).initialize(to: AtomicLazyReference())
                    cell = ConversionCell(base + filled.conversions)
                    filled.conversions += 1
                }
                slot = ArgumentSlot(component: index, conversion: cell)
            case .component, .inherited, .collection, .dictionary:
                slot = ArgumentSlot(component: -1, conversion: nil)
            }
            slots.initializeElement(at: filled.slots, to: slot)
            filled.slots += 1
        }
        return UnsafeBufferPointer(rebasing: slots[start..<filled.slots])
    }

    private static func isSingleton(_ index: Int, in plans: [ComponentPlan]) -> Bool {
        plans.indices.contains(index) && plans[index].scope == .singleton
    }

    /// `parts` copied into `buffer` after the `filled` elements already there: where they lie.
    private static func place<Element>(_ parts: [Element], in buffer: UnsafeMutableBufferPointer<Element>,
                                       after filled: inout Int) -> UnsafeBufferPointer<Element> {
        let start = buffer.baseAddress.map { $0 + filled }
        start?.initialize(from: parts, count: parts.count)
        filled += parts.count
        return UnsafeBufferPointer(start: start, count: parts.count)
    }
}
