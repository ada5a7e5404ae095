/// Hands an async registered closure its arguments, resolved before the
/// call (an async closure cannot take them from the factory one by one, as
/// ``ArgumentSource`` does, without holding the resolution across a
/// suspension): the factory component for a factory method, then each
/// argument, in order, each checked as it is taken.
///
/// The registry accepts an async or isolated closure only when every
/// parameter type is `Sendable`, so what this carries may cross to the
/// closure's isolation: that is why it is `Sendable` although an
/// ``Instance`` is not.
@usableFromInline
struct AsyncArguments: @unchecked Sendable {
    @usableFromInline let receiver: Instance?
    /// The first four arguments are held inline, so that the usual call
    /// allocates nothing; any further ones go in `rest`.
    @usableFromInline var first0: Instance?
    @usableFromInline var first1: Instance?
    @usableFromInline var first2: Instance?
    @usableFromInline var first3: Instance?
    @usableFromInline var rest: [Instance] = []
    @usableFromInline private(set) var count = 0
    @usableFromInline var position = 0

    init(receiver: Instance?) {
        self.receiver = receiver
    }

    /// Adds the next argument.
    mutating func append(_ argument: Instance) {
        switch count {
        case 0: first0 = argument
        case 1: first1 = argument
        case 2: first2 = argument
        case 3: first3 = argument
        default: rest.append(argument)
        }
        count += 1
    }

    /// The argument at `index`, which is below ``count``.
    @inlinable
    subscript(index: Int) -> Instance? {
        switch index {
        case 0: first0
        case 1: first1
        case 2: first2
        case 3: first3
        default: index < count ? rest[index - 4] : nil
        }
    }

    /// The argument at `index`, as `Value`: for the closures of known arity,
    /// which read the arguments in place, with no copy of them.
    @inlinable
    func argument<Value>(_ index: Int, as wanted: Value.Type) throws -> Value {
        guard let argument = self[index] else {
            throw ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "nothing")
        }
        return try argument.take(as: Value.self) { actual in
            ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "\(actual)")
        }
    }

    /// The next argument, as `Value`: for the parameter-pack forms, which take them in turn.
    @inlinable
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        defer { position += 1 }
        return try argument(position, as: Value.self)
    }

    /// The factory component a factory method is called on.
    @inlinable
    func receiver<Receiver>(_ wanted: Receiver.Type) throws -> Receiver {
        guard let receiver else { throw ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: "nothing") }
        return try receiver.take(as: Receiver.self) { actual in
            ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: "\(actual)")
        }
    }
}

/// A component or value handed across an async registered closure's
/// boundary: what an async maker returned (its result is `sending`, so it
/// is the caller's alone), or a `Sendable` component handed to an async
/// callback or setter. Either may cross, which is why it is `Sendable`
/// although an ``Instance`` is not.
@usableFromInline
struct CrossingInstance: @unchecked Sendable {
    @usableFromInline let instance: Instance

    @usableFromInline
    init(_ instance: Instance) {
        self.instance = instance
    }
}
