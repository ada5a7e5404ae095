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
    /// The value, `Sendable` as every seeded value is, so that it may cross
    /// with the seed: a class instance as itself, as an ``Instance`` holds
    /// one; any other value in a ``SeededValue``. One reference, moved out
    /// when the scope opens: what the request scope's row of Benchmarks/README §Scopes and the server needs.
    @usableFromInline let value: any AnyObject & Sendable

    /// A seeded value that is not a class instance, boxed by a closure
    /// compiled for its type where the handle is used, so that opening the
    /// scope looks no type up.
    @usableFromInline
    final class SeededValue: Sendable {
        let box: @Sendable () -> Instance

        @usableFromInline
        init(_ box: @escaping @Sendable () -> Instance) {
            self.box = box
        }
    }

    /// The seed of a class instance.
    @usableFromInline
    init(key: String, index: Int, object: any AnyObject & Sendable) {
        (self.key, self.index, self.value) = (key, index, object)
    }

    /// The seed of any other value.
    @usableFromInline
    init(key: String, index: Int, boxed: SeededValue) {
        (self.key, self.index, self.value) = (key, index, boxed)
    }

    /// The value as the scope keeps it, moved out of the seed.
    consuming func instance() -> Instance {
        let value = self.value
        if ObjectIdentifier(type(of: value)) == ObjectIdentifier(SeededValue.self) {
            return unsafeDowncast(value, to: SeededValue.self).box()
        }
        return Instance(object: value)
    }
}

extension ComponentHandle where Component: Sendable {
    /// `value` for the seeded request component this handle names, to open a scope with.
    @inlinable
    public func seed(_ value: Component) -> ScopeSeed {
        // A class type (not an existential) is one reference wide, and Sendable here: the instance itself crosses.
        if Component.self is AnyObject.Type, MemoryLayout<Component>.size == MemoryLayout<AnyObject>.size {
            return ScopeSeed(key: key, index: index, object: unsafeBitCast(value, to: (any AnyObject & Sendable).self))
        }
        return ScopeSeed(key: key, index: index, boxed: ScopeSeed.SeededValue { Instance(value) })
    }
}

extension Factory {
    /// The index `seed` stands for in this factory, as ``index(of:)`` finds a handle's.
    func index(of seed: borrowing ScopeSeed) -> Int? {
        index(ofKey: seed.key, madeAt: seed.index)
    }
}
