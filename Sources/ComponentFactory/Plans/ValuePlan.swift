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

extension ValuePlan {
    /// The collection `make` gives of `values`, resolved from its items; `type-mismatch` when an item does not fit.
    static func collection(of values: [Any], _ make: ([Any]) -> Any?, typeName: String) throws -> Instance {
        guard let collection = make(values) else {
            throw Diagnostic(.typeMismatch, "an item does not fit \(typeName): " + values.map { "\(type(of: $0))" }.joined(separator: ", "), at: nil)
        }
        return Instance(any: collection)
    }

    /// The dictionary `make` gives of `pairs`, resolved from its entries; `type-mismatch` when an entry does not fit.
    static func dictionary(of pairs: [(Any, Any)], _ make: ([(Any, Any)]) -> Any?, typeName: String) throws -> Instance {
        guard let dictionary = make(pairs) else {
            throw Diagnostic(.typeMismatch, "an entry does not fit \(typeName)", at: nil)
        }
        return Instance(any: dictionary)
    }
}
