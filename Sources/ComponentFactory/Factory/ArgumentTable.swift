/// Every plan's arguments as its registered closure reads them: one slot
/// an argument, laid out once when the table is made and read in place
/// while resolving, so that an argument costs no matching of its
/// ``ValuePlan`` and no table lookup of the plan it names.
///
/// A constant slot lends the constant's object, which its plan holds; a
/// component slot names the component's index, and lends its plan when
/// that plan is direct (see ``DirectPlans``). Anything else (an inherited
/// component, a collection, a dictionary) is neither, and is resolved from
/// its ``ValuePlan``.
final class ArgumentTable: @unchecked Sendable {
    /// The slots of all plans, one after another. Never changed once made:
    /// the lent objects and plans are held by the plans of the same table.
    private let storage: UnsafeMutableBufferPointer<ArgumentSlot>
    /// For each plan, its slots within ``storage``.
    private let slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>]

    init(plans: [ComponentPlan], direct: DirectPlans) {
        let storage = UnsafeMutableBufferPointer<ArgumentSlot>.allocate(capacity: plans.reduce(0) { $0 + $1.arguments.count })
        var slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>] = []
        slotsByPlan.reserveCapacity(plans.count)
        var start = 0
        for plan in plans {
            for (offset, argument) in plan.arguments.enumerated() {
                storage.initializeElement(at: start + offset, to: ArgumentSlot(argument, plans: plans, direct: direct))
            }
            slotsByPlan.append(UnsafeBufferPointer(rebasing: storage[start..<start + plan.arguments.count]))
            start += plan.arguments.count
        }
        self.storage = storage
        self.slotsByPlan = slotsByPlan
    }

    deinit {
        storage.deallocate()
    }

    /// The slots of the plan at `index`, in argument order.
    @inline(__always)
    func slots(of index: Int) -> UnsafeBufferPointer<ArgumentSlot> {
        slotsByPlan[index]
    }
}

/// One argument of a plan, as ``ArgumentSource`` reads it: at most one of
/// `constant` and `direct` is set. A plain value of unmanaged references,
/// so that reading one retains nothing.
@usableFromInline
struct ArgumentSlot {
    /// A constant argument's object (a ``Box`` for a value), lent; nil otherwise.
    @usableFromInline let constant: Unmanaged<AnyObject>?
    /// The type of the value a constant's box holds, for a closure to
    /// compare with its parameter's; nil for anything but a boxed constant.
    @usableFromInline let boxedType: ObjectIdentifier?
    /// The plan of a direct component argument, lent; nil otherwise.
    let direct: Unmanaged<ComponentPlan>?
    /// The index of a component argument, or -1.
    let component: Int

    init(_ argument: ValuePlan, plans: [ComponentPlan], direct: DirectPlans) {
        switch argument {
        case .constant(let value):
            let boxed = (value.object as? Boxed).map { ObjectIdentifier($0.valueType) }
            (constant, boxedType, self.direct, component) = (.passUnretained(value.object), boxed, nil, -1)
        case .component(let index) where plans.indices.contains(index):
            (constant, boxedType, self.direct, component) = (nil, nil, direct.contains(index) ? .passUnretained(plans[index]) : nil, index)
        case .component, .inherited, .collection, .dictionary:
            (constant, boxedType, self.direct, component) = (nil, nil, nil, -1)
        }
    }
}
