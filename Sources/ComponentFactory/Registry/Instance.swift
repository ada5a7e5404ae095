/// A built component, or a value, as the factory holds it while resolving:
/// a class instance as its own reference, anything else in a box.
///
/// One reference wide, where an `Any` is moved, copied and destroyed
/// through its type's value witnesses. A
/// registered closure's result of a class type becomes an `Instance` with
/// no cast, and an argument that is exactly its parameter's class is handed
/// over by comparing type metadata (see ``take(as:otherwise:)``).
///
/// ```swift
/// let instance = Instance(Knight())        // the knight itself, no box
/// let knight = try instance.take(as: Knight.self) { _ in failure }
/// ```
@usableFromInline
struct Instance {
    /// The class instance itself, or a ``Box`` holding any other value.
    @usableFromInline let object: AnyObject

    /// `value`: a class instance as itself, anything else boxed.
    @inlinable
    init<T>(_ value: T) {
        // True for a class type only (not for an existential), which is then one reference wide.
        if T.self is AnyObject.Type, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
            self.init(object: unsafeBitCast(value, to: AnyObject.self))
        } else {
            self.init(any: value)
        }
    }

    /// `value`, whatever it holds: a class instance as itself, anything
    /// else in a ``Box`` of its own dynamic type.
    @usableFromInline
    init(any value: Any) {
        if type(of: value) is AnyClass {
            self.init(object: value as AnyObject)
        } else {
            func box<Dynamic>(_ dynamic: Dynamic) -> AnyObject { Box(dynamic) }
            self.init(object: _openExistential(value, do: box))
        }
    }

    /// The instance whose ``object`` is `object`, as one gave it out.
    @usableFromInline
    init(object: AnyObject) {
        self.object = object
    }

    /// What it holds, as an `Any`: ``taken()`` of a copy.
    @usableFromInline
    var value: Any { taken() }

    /// What it holds, as an `Any`, taken: the instance's own reference
    /// moves into the `Any`, where ``value`` copies it first. A box gives its value.
    @inlinable
    consuming func taken() -> Any {
        if let boxed = object as? Boxed { return boxed.value }
        return object
    }

    /// Whether it holds a class instance: one that can be held weakly.
    var isObject: Bool { !(object is Boxed) }

    /// The instance as a `Value`, or the error `failure` makes of the type it holds.
    ///
    /// An instance exactly of the class `Value`, or a box of exactly a
    /// `Value`, is handed over by comparing type metadata: most arguments
    /// are, and this needs no dynamic cast.
    /// Anything else (a protocol, a superclass, a mismatch) is cast from ``value``.
    // Forced, with its cast below; needed by: singleton by handle, Benchmarks/README §Lookups.
    @inlinable @inline(__always)
    consuming func take<Value>(as wanted: Value.Type, otherwise failure: (Any.Type) -> any Error) throws -> Value {
        let held = ObjectIdentifier(type(of: object))
        if held == ObjectIdentifier(Value.self) {
            return unsafeBitCast(object, to: Value.self)
        }
        if held == ObjectIdentifier(Box<Value>.self) {
            return unsafeDowncast(object, to: Box<Value>.self).typed
        }
        return try cast(value, to: Value.self, otherwise: failure)
    }

    /// Whether ``take(as:otherwise:)`` hands it over as a `Value` with no cast.
    @inlinable
    func isExactly<Value>(_ wanted: Value.Type) -> Bool {
        let held = ObjectIdentifier(type(of: object))
        return held == ObjectIdentifier(Value.self) || held == ObjectIdentifier(Box<Value>.self)
    }
}

/// What every box is, so that a box's value can be read as an `Any` without
/// knowing its type: one class cast, where a protocol would need a
/// conformance lookup on every instance read that way.
@usableFromInline
class Boxed {
    /// The boxed value. Never reached here: the only boxes are ``Box``es, which override it.
    @usableFromInline
    var value: Any { () }

    /// The type of the boxed value. Never reached here, as ``value``.
    var valueType: Any.Type { Void.self }

    fileprivate init() {}
}

/// A value that is not a class instance, boxed under its own type so that
/// an ``Instance`` is one reference wide and taking the value back is a
/// comparison of type metadata. Never changed once made, so sharing it
/// keeps the value semantics of what it holds.
@usableFromInline
final class Box<Typed>: Boxed {
    @usableFromInline let typed: Typed

    init(_ typed: Typed) {
        self.typed = typed
        super.init()
    }

    @usableFromInline
    override var value: Any { typed }

    override var valueType: Any.Type { Typed.self }
}

/// `value` as a `Value`, or the error `failure` makes of its actual type.
///
/// A value that is exactly a `Value` is taken by comparing type metadata
/// (the bit cast is between a type and itself), which costs no dynamic
/// cast. A protocol, a superclass or a mismatch goes through a cast that
/// consumes the value instead of copying it.
// Forced, with Instance.take; needed by: singleton by handle, Benchmarks/README §Lookups.
@inlinable @inline(__always)
func cast<Value>(_ value: consuming Any, to wanted: Value.Type, otherwise failure: (Any.Type) -> any Error) throws -> Value {
    if let exact = exactly(Value.self, in: value) { return exact }
    switch consume value {
    case let typed as Value:
        return typed
    case let other:
        throw failure(type(of: other))
    }
}

/// The value in `argument` when it is exactly of type `Value`, found by comparing type metadata.
@inlinable
func exactly<Value>(_ wanted: Value.Type, in argument: Any) -> Value? {
    func take<Stored>(_ stored: Stored) -> Value? {
        Stored.self == Value.self ? unsafeBitCast(stored, to: Value.self) : nil
    }
    return _openExistential(argument, do: take)
}
