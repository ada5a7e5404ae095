/// The engine's side of a slot: ``ProgramTable`` makes one for each argument
/// of each plan, and holds them for the factory's life.
extension ArgumentSlot {
    /// A constant's slot, holding its `object`.
    init(constant object: AnyObject) {
        (constant, boxedType, component, conversion) = (object, (object as? Boxed).map { ObjectIdentifier($0.valueType) }, -1, nil)
    }

    /// The slot of the component at `index`, or -1 for an argument resolved from its plan alone.
    init(component index: Int, conversion: ConversionCell?) {
        (constant, boxedType, component, self.conversion) = (nil, nil, index, conversion)
    }
}
