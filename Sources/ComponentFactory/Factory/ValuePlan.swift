/// How to produce one argument, property or collection item at resolve
/// time (only the cases that nest are boxed, so a reference costs no
/// box to read): text was already converted, and references already point at a
/// plan's index, so resolving parses nothing and looks nothing up by name.
enum ValuePlan {
    /// A converted value, or a boxed nil, made an ``Instance`` once so that
    /// using it costs no box.
    case constant(Instance)
    /// The component at this index of the plan table.
    case component(Int)
    /// A component of the parent factory (or its parent), by key: one that
    /// no definition of this factory has.
    case inherited(key: String)
    /// An `Array` or `Set`, made from its items and checked against the element type.
    indirect case collection(items: [ValuePlan], make: @Sendable ([Any]) -> Any?, typeName: String)
    /// A `Dictionary`, its keys already converted.
    indirect case dictionary(entries: [(key: Any, value: ValuePlan)], make: @Sendable ([(Any, Any)]) -> Any?, typeName: String)
}
