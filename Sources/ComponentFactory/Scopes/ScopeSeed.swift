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
    let index: Int
    /// The value: `Sendable`, as every seeded value is, so it may cross with the seed.
    let value: any Sendable
}

extension ComponentHandle where Component: Sendable {
    /// `value` for the seeded request component this handle names, to open a scope with.
    public func seed(_ value: Component) -> ScopeSeed {
        ScopeSeed(key: key, index: index, value: value)
    }
}

extension Factory {
    /// The index `seed` stands for in this factory, as ``index(of:)`` finds a handle's.
    func index(of seed: borrowing ScopeSeed) -> Int? {
        index(ofKey: seed.key, madeAt: seed.index)
    }
}
