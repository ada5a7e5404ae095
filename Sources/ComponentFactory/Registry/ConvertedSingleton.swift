import Synchronization

/// A singleton argument as its parameter's type wants it, when that type is
/// not the singleton's own (a protocol it conforms to, say): converted
/// once, by a dynamic cast, and kept in the argument's slot, so that later
/// resolutions skip the runtime's conformance lookup and compare an
/// identity instead.
///
/// The kept value holds the singleton it was made from, and so keeps that
/// object alive for as long as the factory's plans live, after shutdown
/// too; `source` is that object's identity, which cannot be reused while
/// it is held. A singleton rebuilt or patched since is another object: its
/// arguments are cast as always.
@usableFromInline
final class ConvertedSingleton<Value> {
    @usableFromInline let source: ObjectIdentifier
    @usableFromInline let value: Value

    init(source: ObjectIdentifier, value: Value) {
        (self.source, self.value) = (source, value)
    }
}

/// Where a slot keeps its ``ConvertedSingleton``: a cell of the
/// ``ProgramTable``'s, set once, by whichever resolution converts first,
/// and never replaced (an `AtomicLazyReference`), for as long as the table
/// lives. The table releases what its cells hold when it goes.
@usableFromInline
struct ConversionCell {
    @usableFromInline let kept: UnsafeMutablePointer<AtomicLazyReference<AnyObject>>

    init(_ kept: UnsafeMutablePointer<AtomicLazyReference<AnyObject>>) {
        self.kept = kept
    }

    /// The value kept for a singleton argument if it was made from
    /// `object`, the singleton the factory resolved for this call: an
    /// argument that never needs a conversion (exactly its parameter's
    /// class) pays one load. An object kept here cannot share its identity
    /// with another, since the kept value holds it.
    @inlinable
    func value<Value>(as wanted: Value.Type, madeFrom object: AnyObject) -> Value? {
        guard let kept = kept.pointee.load(),
              ObjectIdentifier(type(of: kept)) == ObjectIdentifier(ConvertedSingleton<Value>.self) else { return nil }
        let converted = unsafeDowncast(kept, to: ConvertedSingleton<Value>.self)
        return converted.source == ObjectIdentifier(object) ? converted.value : nil
    }

    /// Keeps `value`, made from `object`, unless a conversion was kept first.
    @usableFromInline
    func offer<Value>(_ value: Value, madeFrom object: AnyObject) {
        _ = kept.pointee.storeIfNil(ConvertedSingleton(source: ObjectIdentifier(object), value: value))
    }
}

/// An instance taken as a singleton argument's parameter type, with the
/// cast it needs kept in the argument's cell.
extension Instance {
    /// The instance as a `Value`, as ``take(as:otherwise:)`` gives it;
    /// given a singleton argument's `cell`, a class instance's cast (to a
    /// protocol, a superclass) is kept there, for ``Arguments`` to hand out
    /// after. ``Arguments`` looked for a kept conversion first.
    @inlinable
    consuming func take<Value>(as wanted: Value.Type, keepingConversionIn cell: ConversionCell?,
                               otherwise failure: (Any.Type) -> any Error) throws -> Value {
        guard let cell, !isExactly(Value.self) else { return try take(as: Value.self, otherwise: failure) }
        return try convertAndKeep(as: Value.self, in: cell, otherwise: failure)
    }

    /// The cast ``take(as:keepingConversionIn:otherwise:)`` makes the first
    /// time, its result kept: only a class instance's, which the kept value
    /// holds, so that its identity stays its own while kept.
    @inlinable @inline(never)
    func convertAndKeep<Value>(as wanted: Value.Type, in cell: ConversionCell, otherwise failure: (Any.Type) -> any Error) throws -> Value {
        let source = object
        let value = try cast(Instance(object: source).value, to: Value.self, otherwise: failure)
        if !(source is Boxed) { cell.offer(value, madeFrom: source) }
        return value
    }
}
