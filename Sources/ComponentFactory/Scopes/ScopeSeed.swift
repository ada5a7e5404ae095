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
    /// Makes the value an instance: `Sendable`, as every seeded value is, so
    /// it may cross with the seed. A closure compiled for the value's own
    /// type, where the handle is used: held as `any Sendable` and opened to
    /// its type when the scope opens, a seeded scope took 164 ns to open and
    /// close against 128 (scope-benchmark).
    @usableFromInline let instance: @Sendable () -> Instance

    @usableFromInline
    init(key: String, index: Int, instance: @escaping @Sendable () -> Instance) {
        (self.key, self.index, self.instance) = (key, index, instance)
    }
}

extension ComponentHandle where Component: Sendable {
    /// `value` for the seeded request component this handle names, to open a scope with.
    @inlinable
    public func seed(_ value: Component) -> ScopeSeed {
        ScopeSeed(key: key, index: index) { Instance(value) }
    }
}

extension Factory {
    /// The index `seed` stands for in this factory, as ``index(of:)`` finds a handle's.
    func index(of seed: borrowing ScopeSeed) -> Int? {
        index(ofKey: seed.key, madeAt: seed.index)
    }
}
