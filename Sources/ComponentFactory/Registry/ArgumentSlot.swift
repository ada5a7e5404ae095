/// One argument of a plan, as ``Arguments`` reads it: a constant, lent,
/// or the index of a component the factory resolves into a register
/// before the call. A plain value of unmanaged references, which the
/// factory's argument table holds for its life.
@usableFromInline
struct ArgumentSlot {
    /// A constant argument's object (a ``Box`` for a value), lent; nil otherwise.
    @usableFromInline let constant: Unmanaged<AnyObject>?
    /// The type of the value a constant's box holds, for a closure to
    /// compare with its parameter's; nil for anything but a boxed constant.
    @usableFromInline let boxedType: ObjectIdentifier?
    /// The index of a component argument, or -1.
    let component: Int
    /// Where a singleton argument's conversion to its parameter's type is kept; nil for anything else.
    @usableFromInline let conversion: ConversionCell?

    /// A constant's slot: its `object` is lent, and the caller holds it for as long as the slot lives.
    init(constant object: AnyObject) {
        (constant, boxedType, component, conversion) = (.passUnretained(object), (object as? Boxed).map { ObjectIdentifier($0.valueType) }, -1, nil)
    }

    /// The slot of the component at `index`, or -1 for an argument resolved from its plan alone.
    init(component index: Int, conversion: ConversionCell?) {
        (constant, boxedType, component, self.conversion) = (nil, nil, index, conversion)
    }
}
