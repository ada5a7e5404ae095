import Synchronization
/// Every plan's arguments as its registered closure reads them: one slot
/// an argument, laid out once when the table is made and read in place
/// while resolving, so that an argument costs no matching of its
/// ``ValuePlan`` and no table lookup of the plan it names.
///
/// A constant slot holds the constant's object; a component slot names
/// the component's index. Anything else (an
/// inherited component, a collection, a dictionary) is neither, and is
/// resolved from its ``ValuePlan``.
final class ArgumentTable: @unchecked Sendable {
    // @unchecked: its slots are read in place by every maker, lent with no retain (the figure on `runSteps`' slots), and a singleton argument's cell keeps a built component.
    /// The slots of all plans, one after another. Never changed once made.
    private let storage: UnsafeMutableBufferPointer<ArgumentSlot>
    /// For each plan, its slots within ``storage``.
    private let slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>]
    /// The conversion cells of the slots that name a singleton, one after another (see ``ConversionCell``).
    private let conversions: UnsafeMutableBufferPointer<AtomicLazyReference<AnyObject>>

    init(plans: [ComponentPlan]) {
        let count = plans.reduce(0) { $0 + $1.arguments.count }
        let storage = UnsafeMutableBufferPointer<ArgumentSlot>.allocate(capacity: count)
        let singletonArguments = plans.reduce(0) { total, plan in
            total + plan.arguments.count { if case .component(let index) = $0 { Self.isSingleton(index, in: plans) } else { false } }
        }
        let conversions = UnsafeMutableBufferPointer<AtomicLazyReference<AnyObject>>.allocate(capacity: singletonArguments)
        var slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>] = []
        slotsByPlan.reserveCapacity(plans.count)
        var (start, cells) = (0, 0)
        for plan in plans {
            for (offset, argument) in plan.arguments.enumerated() {
                var cell: ConversionCell?
                if case .component(let index) = argument, Self.isSingleton(index, in: plans), let base = conversions.baseAddress {
                    (base + cells).initialize(to: AtomicLazyReference())
                    cell = ConversionCell(base + cells)
                    cells += 1
                }
                storage.initializeElement(at: start + offset, to: Self.slot(argument, plans: plans, conversion: cell))
            }
            slotsByPlan.append(UnsafeBufferPointer(rebasing: storage[start..<start + plan.arguments.count]))
            start += plan.arguments.count
        }
        self.storage = storage
        self.slotsByPlan = slotsByPlan
        self.conversions = conversions
    }

    deinit {
        if let base = conversions.baseAddress { base.deinitialize(count: conversions.count) }
        conversions.deallocate()
        if let base = storage.baseAddress { base.deinitialize(count: storage.count) }
        storage.deallocate()
    }

    /// Whether `index` names a singleton (not a weak one: a kept conversion would hold it).
    private static func isSingleton(_ index: Int, in plans: [ComponentPlan]) -> Bool {
        plans.indices.contains(index) && plans[index].scope == .singleton
    }

    /// The slots of the plan at `index`, in argument order.
    func slots(of index: Int) -> UnsafeBufferPointer<ArgumentSlot> {
        slotsByPlan[index]
    }

    /// The slot of `argument`: a constant lent (its plan holds it), a
    /// component's index, or nothing for what is resolved from its plan.
    private static func slot(_ argument: ValuePlan, plans: [ComponentPlan], conversion: ConversionCell?) -> ArgumentSlot {
        switch argument {
        case .constant(let value): ArgumentSlot(constant: value.object)
        case .component(let index) where plans.indices.contains(index): ArgumentSlot(component: index, conversion: conversion)
        case .component, .inherited, .collection, .dictionary: ArgumentSlot(component: -1, conversion: nil)
        }
    }
}
