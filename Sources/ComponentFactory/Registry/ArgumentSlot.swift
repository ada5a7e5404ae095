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
}
