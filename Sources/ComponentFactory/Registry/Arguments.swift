/// What a registered synchronous closure takes its arguments from, in
/// order, each cast to its parameter's type as it is taken. The factory
/// resolves every argument before the call: a component into one of the
/// ``ArgumentRegisters``, a constant left in its ``ArgumentSlot``. So the
/// closure reads plain fields, and knows nothing of how the factory
/// resolves: this is the registry's side of the line, and the factory's
/// makers fill it (a ``ResolutionProgram``'s making steps, for either lookup).
///
/// A constant of exactly the parameter's type is read out of its slot,
/// and a register's instance of exactly the parameter's class is moved
/// out, with no call: most arguments are one or the other. Noncopyable:
/// each register is taken once.
@usableFromInline
struct Arguments: ~Copyable {
    @usableFromInline let registers: ArgumentRegisters
    /// The plan's argument slots, one for each argument, held by the factory for its life.
    @usableFromInline let slots: UnsafeBufferPointer<ArgumentSlot>
    /// For each argument, the register it is in, or -1 for a constant its
    /// slot holds; nil when argument `i` is in register `i` (or a constant slot).
    @usableFromInline let lanes: UnsafePointer<Int32>?
    /// The register of the factory component a factory method is called on, or -1.
    @usableFromInline let receiverRegister: Int
    @usableFromInline var position = 0

    init(registers: ArgumentRegisters, slots: UnsafeBufferPointer<ArgumentSlot>, lanes: UnsafePointer<Int32>? = nil,
         receiverRegister: Int = -1) {
        (self.registers, self.slots, self.lanes, self.receiverRegister) = (registers, slots, lanes, receiverRegister)
    }

    /// The next argument, as `Value`.
    // Forced, with the registers' takes; needed by: graph, Benchmarks/README §Lookups.
    @inlinable @inline(__always)
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        let index = position
        position += 1
        guard index < slots.count else { throw Self.missing(index, Value.self) }
        // A constant of exactly `Value` is read out of its box here: its type was noted when the slot was made.
        if slots[index].boxedType == ObjectIdentifier(Value.self) {
            return unsafeDowncast(slots[index].constant.unsafelyUnwrapped, to: Box<Value>.self).typed
        }
        let register = lanes.map { Int($0[index]) } ?? index
        if register >= 0, let made = registers.take(register, ifExactly: Value.self) {
            return made
        }
        return try converted(index, in: register, as: Value.self)
    }

    /// ``next(_:)``'s argument at `index` when it is neither a constant nor
    /// a register's instance of exactly `Value`: apart, so that what every
    /// argument runs stays small enough to inline. A singleton's conversion
    /// to a type not its own is kept in its slot once made, and given while
    /// the register holds the singleton it was made from.
    @inlinable
    func converted<Value>(_ index: Int, in register: Int, as wanted: Value.Type) throws -> Value {
        let failure = { (actual: Any.Type) in ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "\(actual)") }
        if register >= 0, let made = registers.take(register) {
            let cell = slots[index].conversion
            if let cell, let kept = cell.value(as: Value.self, madeFrom: made.object) {
                return kept
            }
            return try made.take(as: Value.self, keepingConversionIn: cell, otherwise: failure)
        }
        guard let constant = slots[index].constant else { throw Self.missing(index, Value.self) }
        return try Instance(object: constant).take(as: Value.self, otherwise: failure)
    }

    /// The factory component a factory method is called on.
    @inlinable
    func receiver<Receiver>(_ wanted: Receiver.Type) throws -> Receiver {
        guard receiverRegister >= 0, let receiver = registers.take(receiverRegister) else { throw Self.missing(-1, Receiver.self) }
        return try receiver.take(as: Receiver.self) { actual in
            ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: "\(actual)")
        }
    }

    /// An argument the closure asks for that the factory did not give.
    @usableFromInline
    static func missing(_ index: Int, _ wanted: Any.Type) -> ArgumentTypeFailure {
        ArgumentTypeFailure(index: index, expected: "\(wanted)", actual: "nothing")
    }
}
