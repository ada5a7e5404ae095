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
        // A method of a Sendable value, not a closure: a closure would capture
        // the element's Hashable conformance, which is not Sendable.
        InjectableType.CollectionShape(
            kind: .set, element: InjectableType(Element.self), key: nil,
            make: HashedCollectionBuilder<Element, Never>().set, makeDictionary: { _ in nil })
    }
}

extension Dictionary: CollectionInjectable {
    static var shape: InjectableType.CollectionShape {
        InjectableType.CollectionShape(
            kind: .dictionary, element: InjectableType(Value.self), key: InjectableType(Key.self),
            make: { _ in nil }, makeDictionary: HashedCollectionBuilder<Key, Value>().dictionary)
    }
}

/// Builds the collections whose items are hashed, for ``CollectionInjectable``.
private struct HashedCollectionBuilder<Key: Hashable, Value>: Sendable {
    func set(_ items: [Any]) -> Any? {
        var set = Set<Key>()
        for item in items {
            guard let element = item as? Key else { return nil }
            set.insert(element)
        }
        return set
    }

    func dictionary(_ pairs: [(Any, Any)]) -> Any? {
        var dictionary: [Key: Value] = [:]
        for (key, value) in pairs {
            guard let key = key as? Key, let value = value as? Value else { return nil }
            dictionary[key] = value
        }
        return dictionary
    }
}
