/// One argument of a plan, as ``Arguments`` reads it: a constant, or the
/// index of a component the factory resolves into a register before the
/// call. The factory's argument table holds the slots for its life.
@usableFromInline
struct ArgumentSlot {
    /// A constant argument's object (a ``Box`` for a value); nil otherwise.
    @usableFromInline let constant: AnyObject?
    /// The type of the value a constant's box holds, for a closure to
    /// compare with its parameter's; nil for anything but a boxed constant.
    @usableFromInline let boxedType: ObjectIdentifier?
    /// The index of a component argument, or -1.
    let component: Int
    /// Where a singleton argument's conversion to its parameter's type is kept; nil for anything else.
    @usableFromInline let conversion: ConversionCell?

    /// A constant's slot, holding its `object`.
    init(constant object: AnyObject) {
        (constant, boxedType, component, conversion) = (object, (object as? Boxed).map { ObjectIdentifier($0.valueType) }, -1, nil)
    }

    /// The slot of the component at `index`, or -1 for an argument resolved from its plan alone.
    init(component index: Int, conversion: ConversionCell?) {
        (constant, boxedType, component, self.conversion) = (nil, nil, index, conversion)
    }
}
