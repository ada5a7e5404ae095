/// A value for a `seeded="yes"` request component, for opening a scope
/// with ``Factory/withScope(seeding:_:)-([ScopeSeed],_)`` or
/// ``Factory/openScope(seeding:)-([ScopeSeed])``: made by
/// ``ComponentHandle/seed(_:)`` from a handle to that component, so that
/// opening the scope looks no key up.
///
/// ```swift
/// let caller = try factory.handle(forKey: "caller", as: Caller.self)
/// // per request
/// try await factory.withScope(seeding: [caller.seed(Caller(name: name))]) { scope in … }
/// ```
public struct ScopeSeed: Sendable {
    /// The key of the component it seeds.
    public let key: String
    /// The handle's index, checked as a handle's is when the scope opens.
    @usableFromInline let index: Int
    /// The value, `Sendable` as every seeded value is, so that it may cross with the seed.
    @usableFromInline let value: Value

    /// A seeded value, in the form that makes it an ``Instance`` with no lookup of its type.
    @usableFromInline
    enum Value: Sendable {
        /// A class instance, kept as itself, as an instance keeps one.
        case object(any AnyObject & Sendable)
        /// Any other value, boxed by a closure compiled for its type where
        /// the handle is used. Held as `any Sendable` and boxed by a lookup
        /// of its type when the scope opened, a seeded scope took 164 ns to open and close against 128 (scope-benchmark).
        case boxed(@Sendable () -> Instance)
    }

    @usableFromInline
    init(key: String, index: Int, value: Value) {
        (self.key, self.index, self.value) = (key, index, value)
    }

    /// The value as the scope keeps it.
    var instance: Instance {
        switch value {
        case .object(let object): Instance(object: object)
        case .boxed(let box): box()
        }
    }
}

extension ComponentHandle where Component: Sendable {
    /// `value` for the seeded request component this handle names, to open a scope with.
    @inlinable
    public func seed(_ value: Component) -> ScopeSeed {
        // A class type (not an existential) is one reference wide, and Sendable here: the instance itself crosses.
        if Component.self is AnyObject.Type, MemoryLayout<Component>.size == MemoryLayout<AnyObject>.size {
            return ScopeSeed(key: key, index: index, value: .object(unsafeBitCast(value, to: (any AnyObject & Sendable).self)))
        }
        return ScopeSeed(key: key, index: index, value: .boxed { Instance(value) })
    }
}

extension Factory {
    /// The index `seed` stands for in this factory, as ``index(of:)`` finds a handle's.
    func index(of seed: borrowing ScopeSeed) -> Int? {
        index(ofKey: seed.key, madeAt: seed.index)
    }
}
