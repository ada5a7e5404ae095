import Synchronization
/// Every plan's arguments as its registered closure reads them: one slot
/// an argument, laid out once when the table is made and read in place
/// while resolving, so that an argument costs no matching of its
/// ``ValuePlan`` and no table lookup of the plan it names.
///
/// A constant slot lends the constant's object, which its plan holds; a
/// component slot names the component's index, and lends its program when
/// it is direct (see ``ProgramTable``). Anything else (an inherited
/// component, a collection, a dictionary) is neither, and is resolved from
/// its ``ValuePlan``.
final class ArgumentTable: @unchecked Sendable {
    /// The slots of all plans, one after another. Never changed once made:
    /// the lent objects and programs are held by the same table.
    private let storage: UnsafeMutableBufferPointer<ArgumentSlot>
    /// For each plan, its slots within ``storage``.
    private let slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>]
    /// The conversion cells of the slots that name a singleton, one after another (see ``ConversionCell``).
    private let conversions: UnsafeMutableBufferPointer<Atomic<Unmanaged<AnyObject>?>>

    init(plans: [ComponentPlan], programs: ProgramTable) {
        let count = plans.reduce(0) { $0 + $1.arguments.count }
        let storage = UnsafeMutableBufferPointer<ArgumentSlot>.allocate(capacity: count)
        let singletonArguments = plans.reduce(0) { total, plan in
            total + plan.arguments.count { if case .component(let index) = $0 { Self.isSingleton(index, in: plans) } else { false } }
        }
        let conversions = UnsafeMutableBufferPointer<Atomic<Unmanaged<AnyObject>?>>.allocate(capacity: singletonArguments)
        var slotsByPlan: [UnsafeBufferPointer<ArgumentSlot>] = []
        slotsByPlan.reserveCapacity(plans.count)
        var (start, cells) = (0, 0)
        for plan in plans {
            for (offset, argument) in plan.arguments.enumerated() {
                var cell: ConversionCell?
                if case .component(let index) = argument, Self.isSingleton(index, in: plans), let base = conversions.baseAddress {
                    (base + cells).initialize(to: Atomic(nil))
                    cell = ConversionCell(base + cells)
                    cells += 1
                }
                storage.initializeElement(at: start + offset, to: ArgumentSlot(argument, plans: plans, programs: programs, conversion: cell))
            }
            slotsByPlan.append(UnsafeBufferPointer(rebasing: storage[start..<start + plan.arguments.count]))
            start += plan.arguments.count
        }
        self.storage = storage
        self.slotsByPlan = slotsByPlan
        self.conversions = conversions
    }

    deinit {
        for index in conversions.indices {
            (conversions.baseAddress.unsafelyUnwrapped + index).pointee.load(ordering: .acquiring)?.release()
        }
        if let base = conversions.baseAddress { base.deinitialize(count: conversions.count) }
        conversions.deallocate()
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
}

/// One argument of a plan, as ``ArgumentSource`` reads it: at most one of
/// `constant` and `program` is set. A plain value of unmanaged references,
/// which the table holds.
@usableFromInline
struct ArgumentSlot {
    /// A constant argument's object (a ``Box`` for a value), lent; nil otherwise.
    @usableFromInline let constant: Unmanaged<AnyObject>?
    /// The type of the value a constant's box holds, for a closure to
    /// compare with its parameter's; nil for anything but a boxed constant.
    @usableFromInline let boxedType: ObjectIdentifier?
    /// The program of a direct component argument, lent; nil otherwise.
    let program: UnsafePointer<ResolutionProgram>?
    /// The index of a component argument, or -1.
    @usableFromInline let component: Int
    /// Where a singleton argument's conversion to its parameter's type is kept; nil for anything else.
    @usableFromInline let conversion: ConversionCell?

    init(_ argument: ValuePlan, plans: [ComponentPlan], programs: ProgramTable, conversion: ConversionCell?) {
        self.conversion = conversion
        switch argument {
        case .constant(let value):
            let boxed = (value.object as? Boxed).map { ObjectIdentifier($0.valueType) }
            (constant, boxedType, program, component) = (.passUnretained(value.object), boxed, nil, -1)
        case .component(let index) where plans.indices.contains(index):
            (constant, boxedType, program, component) = (nil, nil, programs.program(index), index)
        case .component, .inherited, .collection, .dictionary:
            (constant, boxedType, program, component) = (nil, nil, nil, -1)
        }
    }
}
