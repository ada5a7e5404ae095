/// Hands a registered closure its arguments one at a time, in order, each
/// resolved by the factory as it is asked for: no array of arguments is
/// made. A value of plain fields; inlinable, so that each cast is compiled
/// for the registered parameter type.
///
/// It reads the plan's argument slots (see ``ArgumentTable``) in place: a
/// constant of exactly the parameter's type is taken inside the closure,
/// with no call. A component that a ``ResolutionProgram`` made is moved out
/// of its register, with no call either; outside a program, a direct
/// component is built by its program, with no lookup of its plan. Anything
/// else, and every argument the async lookup prepared, is resolved by the
/// factory from the plan.
@usableFromInline
struct ArgumentSource {
    /// Unmanaged: the factory and the plan outlive every call.
    @usableFromInline let factory: Unmanaged<Factory>
    @usableFromInline let plan: Unmanaged<ComponentPlan>
    /// The resolution under way, for the duration of the call.
    @usableFromInline let resolution: UnsafeMutablePointer<Resolution>
    /// The plan's argument slots; empty while the async lookup hands prepared arguments.
    @usableFromInline let slots: UnsafeBufferPointer<ArgumentSlot>
    /// While a program runs: its registers, and the registers of this
    /// plan's arguments (-1 for a constant), one for each slot. Nil otherwise.
    @usableFromInline let registers: ProgramRegisters?
    @usableFromInline let argumentRegisters: UnsafePointer<Int32>?
    @usableFromInline var position = 0

    init(factory: Factory, plan: ComponentPlan, slots: UnsafeBufferPointer<ArgumentSlot>, resolution: UnsafeMutablePointer<Resolution>,
         registers: ProgramRegisters? = nil, argumentRegisters: UnsafePointer<Int32>? = nil) {
        self.factory = .passUnretained(factory)
        self.plan = .passUnretained(plan)
        self.slots = slots
        self.resolution = resolution
        self.registers = registers
        self.argumentRegisters = argumentRegisters
    }

    @inlinable @inline(__always)
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        let index = position
        position += 1
        if index < slots.count {
            // A constant of exactly `Value` is read out of its box here, with no
            // call: most constants are. Its type was noted when the slot was made.
            if slots[index].boxedType == ObjectIdentifier(Value.self) {
                return slots[index].constant.unsafelyUnwrapped._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Box<Value>.self).typed }
            }
            // Made by the program running, exactly a `Value`: each register is one
            // argument's, so it is moved out, not copied.
            if let registers, case let register = Int(argumentRegisters.unsafelyUnwrapped[index]), register >= 0,
               let made = registers.take(register, ifExactly: Value.self) {
                return made
            }
        }
        return try resolved(index, as: Value.self)
    }

    /// ``next(_:)``'s argument at `index` when it is neither a constant nor
    /// a register's instance of exactly `Value`: apart, so that what every
    /// argument runs stays small enough to inline.
    @inlinable
    func resolved<Value>(_ index: Int, as wanted: Value.Type) throws -> Value {
        // A singleton's conversion to a type not its own is kept in its slot, once made: given
        // while the singleton served now is the one it was made from.
        let cell = index < slots.count ? slots[index].conversion : nil
        if let cell, let kept = cell.value(as: Value.self, ifMadeFrom: {
            factory._withUnsafeGuaranteedRef { $0.servedSingleton(slots[index].component) }
        }) {
            return kept
        }
        if let registers, index < slots.count, case let register = Int(argumentRegisters.unsafelyUnwrapped[index]), register >= 0,
           let made = registers.take(register) {
            return try made.take(as: Value.self, keepingConversionIn: cell) { actual in
                ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "\(actual)")
            }
        }
        return try argument(index).take(as: Value.self, keepingConversionIn: cell) { actual in
            ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "\(actual)")
        }
    }

    /// The factory component a factory method is called on.
    @inlinable
    func receiver<Receiver>(_ wanted: Receiver.Type) throws -> Receiver {
        try argument(-1).take(as: Receiver.self) { actual in
            ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: "\(actual)")
        }
    }

    /// The argument at `index`, resolved; -1 is a factory method's factory component.
    @inlinable @inline(__always)
    func argument(_ index: Int) throws -> ResolvedArgument {
        try factory._withUnsafeGuaranteedRef { try $0.argument(index, of: plan, slots: slots, in: resolution) }
    }
}
