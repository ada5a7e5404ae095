/// Hands a registered closure its arguments one at a time, in order, each
/// resolved by the factory as it is asked for: no array of arguments is
/// made. A value of plain fields, so that calling a closure allocates and
/// retains nothing for it; inlinable, so that each cast is compiled for the
/// registered parameter type.
///
/// It reads the plan's argument slots (see ``ArgumentTable``) in place: a
/// constant of exactly the parameter's type is taken inside the closure,
/// with no call, and a direct component is built with no lookup of its
/// plan. Anything else, and every argument the async lookup prepared, is
/// resolved by the factory from the plan.
@usableFromInline
struct ArgumentSource {
    /// Unmanaged: the factory and the plan outlive every call, and reading
    /// them must not retain them once per argument.
    @usableFromInline let factory: Unmanaged<Factory>
    @usableFromInline let plan: Unmanaged<ComponentPlan>
    /// The resolution under way, for the duration of the call.
    @usableFromInline let resolution: UnsafeMutablePointer<Resolution>
    /// The plan's argument slots; empty while the async lookup hands prepared arguments.
    @usableFromInline let slots: UnsafeBufferPointer<ArgumentSlot>
    @usableFromInline var position = 0

    init(factory: Factory, plan: ComponentPlan, slots: UnsafeBufferPointer<ArgumentSlot>, resolution: UnsafeMutablePointer<Resolution>) {
        self.factory = .passUnretained(factory)
        self.plan = .passUnretained(plan)
        self.slots = slots
        self.resolution = resolution
    }

    /// The next argument, as `Value`. What is inlined into each registered
    /// closure, once an argument, is only the path most arguments take: a
    /// constant of exactly `Value`, read out of its box, or a component of
    /// exactly the class `Value`, handed over. Everything else (a kept
    /// conversion, a cast, a box, a failure) is one call, to code compiled
    /// once for each `Value`. With all of it inlined, a five-argument
    /// initializer's closure was 8 KB of machine code.
    @inlinable @inline(__always)
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        let index = position
        position += 1
        guard index < slots.count else { return try other(index, as: Value.self) }
        // Its type was noted when the slot was made.
        if slots[index].boxedType == ObjectIdentifier(Value.self) {
            return slots[index].constant.unsafelyUnwrapped._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Box<Value>.self).typed }
        }
        // A singleton's kept conversion is looked for before the singleton is resolved.
        if let cell = slots[index].conversion, cell.holdsConversion { return try other(index, as: Value.self) }
        let resolved = try argument(index)
        switch consume resolved {
        case .built(let instance) where ObjectIdentifier(type(of: instance.object)) == ObjectIdentifier(Value.self):
            return unsafeBitCast(instance.object, to: Value.self)
        case let argument:
            return try taken(argument, at: index, as: Value.self)
        }
    }

    /// The argument at `index` as `Value` when it is not a constant or
    /// component of exactly that type: from a kept conversion, or resolved
    /// and taken as ``taken(_:at:as:)`` takes it.
    @inlinable @inline(never)
    func other<Value>(_ index: Int, as wanted: Value.Type) throws -> Value {
        // A singleton's conversion to a type not its own is kept in its slot, once made: given
        // while the singleton served now is the one it was made from, found with no retain of either.
        let cell = index < slots.count ? slots[index].conversion : nil
        if let cell, let kept = cell.value(as: Value.self, ifMadeFrom: {
            factory._withUnsafeGuaranteedRef { $0.servedSingleton(slots[index].component) }
        }) {
            return kept
        }
        return try taken(argument(index), at: index, as: Value.self)
    }

    /// `argument`, resolved for `index`, as `Value`: cast, and for a
    /// singleton of a type not `Value`'s, the conversion kept in its slot.
    @inlinable @inline(never)
    func taken<Value>(_ argument: consuming ResolvedArgument, at index: Int, as wanted: Value.Type) throws -> Value {
        let cell = index < slots.count ? slots[index].conversion : nil
        return try argument.take(as: Value.self, keepingConversionIn: cell) { actual in
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
