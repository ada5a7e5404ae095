/// An argument as the factory hands it to a registered closure: an
/// instance built for this call, which the closure now owns, or a constant
/// of the plan, lent for the call.
///
/// A constant is lent (its plan holds it while the factory lives): the
/// closure reads the value out of it.
@usableFromInline
enum ResolvedArgument {
    case built(Instance)
    case constant(Unmanaged<AnyObject>)

    /// The argument as a `Value`, or the error `failure` makes of the type it holds.
    @inlinable @inline(__always)
    consuming func take<Value>(as wanted: Value.Type, keepingConversionIn cell: ConversionCell? = nil,
                               otherwise failure: (Any.Type) -> any Error) throws -> Value {
        switch consume self {
        case .built(let instance):
            return try instance.take(as: Value.self, keepingConversionIn: cell, otherwise: failure)
        case .constant(let constant):
            return try constant._withUnsafeGuaranteedRef { object in
                if ObjectIdentifier(type(of: object)) == ObjectIdentifier(Box<Value>.self) {
                    return unsafeDowncast(object, to: Box<Value>.self).typed
                }
                return try Instance(object: object).take(as: Value.self, otherwise: failure)
            }
        }
    }
}
