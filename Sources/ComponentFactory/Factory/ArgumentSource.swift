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
    /// closure, once an argument, is one call, shared by every closure,
    /// and a switch on what it found: a constant or component of exactly
    /// `Value` (most arguments) is taken there. Everything else (a kept
    /// conversion, a cast, a box, a failure) is one more call, to code
    /// compiled once for each `Value`. With all of it inlined, a
    /// five-argument initializer's closure was 8 KB of machine code, which
    /// a request running after other work reads from memory again.
    @inlinable @inline(__always)
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        let index = position
        switch try next(exactly: ObjectIdentifier(Value.self)) {
        case .instance(let object):
            return unsafeBitCast(object, to: Value.self)
        case .constant(let box):
            return box._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Box<Value>.self).typed }
        case .resolved(let argument):
            return try taken(argument, at: index, as: Value.self)
        case .kept:
            return try other(index, as: Value.self)
        }
    }

    /// What ``next(_:)`` finds for the next argument, given the identity of its parameter's type.
    @usableFromInline
    enum Found {
        /// A component's instance, exactly of the wanted class.
        case instance(AnyObject)
        /// A constant's box, of exactly the wanted type, lent.
        case constant(Unmanaged<AnyObject>)
        /// Anything else, resolved.
        case resolved(ResolvedArgument)
        /// A singleton's conversion kept in the slot, not resolved: see ``other(_:as:)``.
        case kept
    }

    /// The next argument as ``Found`` describes it, for a parameter of the
    /// type `wanted` identifies: the part of ``next(_:)`` that needs no
    /// generic code, compiled once.
    @usableFromInline
    mutating func next(exactly wanted: ObjectIdentifier) throws -> Found {
        let index = position
        position += 1
        if index < slots.count {
            // A constant's type was noted when its slot was made.
            if slots[index].boxedType == wanted { return .constant(slots[index].constant.unsafelyUnwrapped) }
            // A singleton's kept conversion is looked for before the singleton is resolved.
            if let cell = slots[index].conversion, cell.holdsConversion { return .kept }
        }
        let resolved = try argument(index)
        switch consume resolved {
        case .built(let instance) where ObjectIdentifier(type(of: instance.object)) == wanted:
            return .instance(instance.object)
        case let argument:
            return .resolved(argument)
        }
    }

    /// The argument at `index` as `Value` when it is not a constant or
    /// component of exactly that type: from a kept conversion, or resolved
    /// and taken as ``taken(_:at:as:)`` takes it.
    /// Mutating, as ``taken(_:at:as:)`` is, only so that the closure that
    /// calls it passes its source in place rather than a copy of it.
    @inlinable @inline(never)
    mutating func other<Value>(_ index: Int, as wanted: Value.Type) throws -> Value {
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
    mutating func taken<Value>(_ argument: consuming ResolvedArgument, at index: Int, as wanted: Value.Type) throws -> Value {
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
