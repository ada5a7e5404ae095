/// Hands an async registered closure its arguments, resolved before the
/// call as ``Arguments`` are, but owned here rather than lent in registers
/// on the caller's stack, since the closure may run in another isolation
/// and takes them there: the factory component for a factory method, then
/// each argument, in order, each checked as it is taken.
///
/// The registry accepts an async or isolated closure only when every
/// parameter type is `Sendable`, so what this carries may cross to the
/// closure's isolation: that is why it is `Sendable` although an
/// ``Instance`` is not.
@usableFromInline
struct AsyncArguments: ~Copyable, @unchecked Sendable {
    /// The factory component, then the first four arguments, held inline
    /// and unmanaged: each holds one retain of its own, which ``take(_:as:)``
    /// hands to the closure, and `deinit` gives back for any left. So the
    /// closure that takes them leaves nothing to release; optional
    /// references were released one by one, set or not, six calls per
    /// component built. Being noncopyable, it has one owner, which makes
    /// this sound.
    // Unmanaged: held as plain optional references (and an array for the rest), the async graph ran 4.2-4.3x hand-built against 3.6-3.7x (async-benchmark, 3 alternating runs, 2026-11-28).
    @usableFromInline var receiver: Unmanaged<AnyObject>?
    @usableFromInline var first0: Unmanaged<AnyObject>?
    @usableFromInline var first1: Unmanaged<AnyObject>?
    @usableFromInline var first2: Unmanaged<AnyObject>?
    @usableFromInline var first3: Unmanaged<AnyObject>?
    /// Any further arguments.
    @usableFromInline var rest: Unmanaged<Overflow>?
    @usableFromInline private(set) var count = 0
    @usableFromInline var position = 0

    /// The arguments after the fourth.
    @usableFromInline
    final class Overflow {
        @usableFromInline var instances: [Instance] = []
    }

    init(receiver: Instance?) {
        self.receiver = receiver.map { .passRetained($0.object) }
    }

    @inlinable
    deinit {
        receiver?.release()
        first0?.release()
        first1?.release()
        first2?.release()
        first3?.release()
        rest?.release()
    }

    /// Sets the factory component a factory method is called on, before any argument.
    mutating func setReceiver(_ instance: consuming Instance) {
        receiver = .passRetained(instance.object)
    }

    /// Adds the next argument.
    mutating func append(_ argument: consuming Instance) {
        switch count {
        case 0: first0 = .passRetained(argument.object)
        case 1: first1 = .passRetained(argument.object)
        case 2: first2 = .passRetained(argument.object)
        case 3: first3 = .passRetained(argument.object)
        default:
            let overflow = rest ?? .passRetained(Overflow())
            overflow.takeUnretainedValue().instances.append(argument)
            rest = overflow
        }
        count += 1
    }

    /// The argument at `index`, still held here.
    @inlinable
    subscript(index: Int) -> Instance? {
        let held: Unmanaged<AnyObject>?
        switch index {
        case 0: held = first0
        case 1: held = first1
        case 2: held = first2
        case 3: held = first3
        default:
            guard index < count, let rest else { return nil }
            return rest.takeUnretainedValue().instances[index - 4]
        }
        return held.map { Instance(object: $0.takeUnretainedValue()) }
    }

    /// Puts the arguments into `registers`, each at its position, and the
    /// factory component at `receiver`: for a synchronous closure whose
    /// arguments could suspend, which takes them from ``Arguments``.
    func lend(to registers: ArgumentRegisters, receiverAt receiverRegister: Int) {
        for index in 0..<count {
            if let argument = self[index] { registers.put(argument, in: index) }
        }
        if let receiverInstance { registers.put(receiverInstance, in: receiverRegister) }
    }

    /// The factory component, still held here.
    @inlinable
    var receiverInstance: Instance? {
        receiver.map { Instance(object: $0.takeUnretainedValue()) }
    }

    /// The argument at `index`, as `Value`, handed over: for the closures
    /// of known arity, which own their arguments. An instance exactly of
    /// the class `Value` is handed over with the retain this held, and
    /// nothing is left to release.
    @inlinable
    mutating func take<Value>(_ index: Int, as wanted: Value.Type) throws -> Value {
        let held: Unmanaged<AnyObject>?
        switch index {
        case 0: held = first0; first0 = nil
        case 1: held = first1; first1 = nil
        case 2: held = first2; first2 = nil
        case 3: held = first3; first3 = nil
        default: held = nil
        }
        guard let held else {
            guard let argument = self[index] else {
                throw ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "nothing")
            }
            return try Self.cast(argument, index)
        }
        if held._withUnsafeGuaranteedRef({ ObjectIdentifier(type(of: $0)) }) == ObjectIdentifier(Value.self) {
            return unsafeBitCast(held.takeRetainedValue(), to: Value.self)
        }
        return try Self.cast(Instance(object: held.takeRetainedValue()), index)
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
