/// Hands an async registered closure its arguments, resolved before the
/// call as ``Arguments`` are, but owned here rather than lent in registers
/// on the caller's stack, since the closure suspends while it has them:
/// the factory component for a factory method, then each argument, in
/// order, each checked as it is taken.
///
/// It stays in the caller's isolation: the registry's closure that takes
/// it runs there (`nonisolated(nonsending)`), and hands each argument, cast
/// to its `Sendable` parameter type, to the closure the app registered,
/// wherever that runs.
@usableFromInline
struct AsyncArguments: ~Copyable {
    /// The first four arguments, then the factory component, then the
    /// ``Overflow`` of any further arguments, held inline and unmanaged:
    /// each holds one retain of its own, which ``take(_:as:)`` hands to the
    /// closure, and `deinit` gives back for any left. So the closure that
    /// takes them leaves nothing to release; optional references were
    /// released one by one, set or not, six calls per component built.
    /// Being noncopyable, it has one owner, which makes this sound.
    // Unmanaged, not plain optional references (and an array for the rest); needed by: async graph, Benchmarks/README §Lookups.
    @usableFromInline var held: InlineArray<6, Unmanaged<AnyObject>?> = .init(repeating: nil)
    @usableFromInline private(set) var count = 0
    @usableFromInline var position = 0

    /// Where ``held`` keeps the factory component, and the overflow.
    @usableFromInline static var receiverSlot: Int { 4 }
    @usableFromInline static var overflowSlot: Int { 5 }

    /// The arguments after the fourth.
    @usableFromInline
    final class Overflow {
        @usableFromInline var instances: [Instance] = []
    }

    init(receiver: Instance?) {
        if let receiver { held[Self.receiverSlot] = .passRetained(receiver.object) }
    }

    @inlinable
    deinit {
        for slot in held.indices { held[slot]?.release() }
    }

    /// Adds the next argument.
    mutating func append(_ argument: consuming Instance) {
        if count < Self.receiverSlot {
            held[count] = .passRetained(argument.object)
        } else {
            if held[Self.overflowSlot] == nil { held[Self.overflowSlot] = .passRetained(Overflow()) }
            overflow?.instances.append(argument)
        }
        count += 1
    }

    /// The arguments after the fourth, if there are any.
    @usableFromInline
    var overflow: Overflow? {
        held[Self.overflowSlot].map { unsafeDowncast($0.takeUnretainedValue(), to: Overflow.self) }
    }

    /// The argument at `index`, still held here.
    @inlinable
    subscript(index: Int) -> Instance? {
        guard index >= 0, index < count else { return nil }
        guard index < Self.receiverSlot else { return overflow?.instances[index - Self.receiverSlot] }
        return held[index].map { Instance(object: $0.takeUnretainedValue()) }
    }

    /// The factory component, still held here.
    @inlinable
    var receiverInstance: Instance? {
        held[Self.receiverSlot].map { Instance(object: $0.takeUnretainedValue()) }
    }

    /// The argument at `index`, as `Value`, handed over: for the closures
    /// of known arity, which own their arguments. An instance exactly of
    /// the class `Value` is handed over with the retain this held, and
    /// nothing is left to release.
    @inlinable
    mutating func take<Value>(_ index: Int, as wanted: Value.Type) throws -> Value {
        let taken = index >= 0 && index < Self.receiverSlot ? held[index] : nil
        if taken != nil { held[index] = nil }
        guard let taken else {
            guard let argument = self[index] else {
                throw ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "nothing")
            }
            return try Self.cast(argument, index)
        }
        if taken._withUnsafeGuaranteedRef({ ObjectIdentifier(type(of: $0)) }) == ObjectIdentifier(Value.self) {
            return unsafeBitCast(taken.takeRetainedValue(), to: Value.self)
        }
        return try Self.cast(Instance(object: taken.takeRetainedValue()), index)
    }

    /// `argument` as `Value`, or the failure for the argument at `index`.
    @inlinable
    static func cast<Value>(_ argument: consuming Instance, _ index: Int) throws -> Value {
        try argument.take(as: Value.self) { actual in
            ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "\(actual)")
        }
    }

    /// The next argument, as `Value`: for the parameter-pack forms, which take them in turn.
    @inlinable
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        defer { position += 1 }
        return try take(position, as: Value.self)
    }

    /// The factory component a factory method is called on.
    @inlinable
    func receiver<Receiver>(_ wanted: Receiver.Type) throws -> Receiver {
        guard let receiver = receiverInstance else {
            throw ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: "nothing")
        }
        return try receiver.take(as: Receiver.self) { actual in
            ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: "\(actual)")
        }
    }
}
