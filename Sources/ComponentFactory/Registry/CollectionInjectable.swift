/// Lets ``InjectableType`` fill `Array`, `Set` and `Dictionary` from a
/// `<collection>` without reflection: each item is checked against the
/// element type, so a wrong item is an error, never a silent drop.
protocol CollectionInjectable {
    static var shape: InjectableType.CollectionShape { get }
}

extension Array: CollectionInjectable {
    static var shape: InjectableType.CollectionShape {
        InjectableType.CollectionShape(
            kind: .array, element: InjectableType(Element.self), key: nil,
            make: { items in
                var array: [Element] = []
                array.reserveCapacity(items.count)
                for item in items {
                    guard let element = item as? Element else { return nil }
                    array.append(element)
                }
                return array
            },
            makeDictionary: { _ in nil })
    }
}

extension Set: CollectionInjectable {
    static var shape: InjectableType.CollectionShape {
        InjectableType.CollectionShape(
            kind: .set, element: InjectableType(Element.self), key: nil,
            make: { items in
                var set = Set<Element>()
                for item in items {
                    guard let element = item as? Element else { return nil }
                    set.insert(element)
                }
                return set
            },
            makeDictionary: { _ in nil })
    }
}

extension Dictionary: CollectionInjectable {
    static var shape: InjectableType.CollectionShape {
        InjectableType.CollectionShape(
            kind: .dictionary, element: InjectableType(Value.self), key: InjectableType(Key.self),
            make: { _ in nil },
            makeDictionary: { pairs in
                var dictionary: [Key: Value] = [:]
                for (key, value) in pairs {
                    guard let key = key as? Key, let value = value as? Value else { return nil }
                    dictionary[key] = value
                }
                return dictionary
            })
    }
}
