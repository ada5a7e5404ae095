/// Values kept by component index, in the order they were added: a
/// resolution's object-graph instances, the instances it published early,
/// and the injections waiting for a component. Parallel arrays searched
/// from the end, not a dictionary or an array of tuples: they stay a few
/// entries long, and resolving a graph must not pay for hashing or runtime
/// tuple metadata.
///
/// Empty, it holds no array at all, so that a resolution that keeps nothing
/// costs nothing to end: releasing even an empty array is a call, and a
/// resolution has three of these.
struct IndexedEntries<Value> {
    private var indexes: [Int]?
    private var values: [Value]?

    var isEmpty: Bool { indexes?.isEmpty ?? true }

    /// The value added last for `index`, if any.
    func last(for index: Int) -> Value? {
        guard let indexes, let values else { return nil }
        var position = indexes.count
        while position > 0 {
            position -= 1
            if indexes[position] == index { return values[position] }
        }
        return nil
    }

    mutating func append(_ index: Int, _ value: Value) {
        if indexes == nil {
            indexes = []
            values = []
        }
        indexes?.append(index)
        values?.append(value)
    }

    mutating func removeLast() {
        indexes?.removeLast()
        values?.removeLast()
    }

    /// The values for `index`, in the order they were added, removed.
    mutating func removeAll(for index: Int) -> [Value] {
        guard let indexes, let values else { return [] }
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
