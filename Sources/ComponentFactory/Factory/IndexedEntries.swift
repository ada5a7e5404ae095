/// Values kept by component index, in the order they were added: a
/// resolution's object-graph instances, the instances it published early,
/// and the injections waiting for a component. Parallel arrays searched
/// from the end, not a dictionary or an array of tuples: they stay a few
/// entries long, and resolving a graph must not pay for hashing or runtime
/// tuple metadata.
struct IndexedEntries<Value> {
    private var indexes: [Int] = []
    private var values: [Value] = []

    var isEmpty: Bool { indexes.isEmpty }

    /// The value added last for `index`, if any.
    func last(for index: Int) -> Value? {
        var position = indexes.count
        while position > 0 {
            position -= 1
            if indexes[position] == index { return values[position] }
        }
        return nil
    }

    mutating func append(_ index: Int, _ value: Value) {
        indexes.append(index)
        values.append(value)
    }

    mutating func removeLast() {
        indexes.removeLast()
        values.removeLast()
    }

    /// The values for `index`, in the order they were added, removed.
    mutating func removeAll(for index: Int) -> [Value] {
        var kept = IndexedEntries()
        var removed: [Value] = []
        for position in indexes.indices {
            if indexes[position] == index {
                removed.append(values[position])
            } else {
                kept.append(indexes[position], values[position])
            }
        }
        self = kept
        return removed
    }
}
