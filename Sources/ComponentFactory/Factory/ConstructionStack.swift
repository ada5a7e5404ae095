/// The components inside their initializer in one resolution (see
/// ``Resolution``), outermost first: what closes a cycle of initializers,
/// and the path a build failure names, for the synchronous lookup and the
/// async one alike.
///
/// The first eight are held inline, so that pushing and popping one per
/// component built costs no array bookkeeping (an array's uniqueness checks
/// and growth were measurable in the async benchmark). Deeper ones are the
/// caller's to keep (``Resolution`` keeps them with what else it keeps,
/// only when it must), so that this stays plain data, which a resolution
/// lets go of with nothing to release. Inline in a `SIMD8`, which the
/// compiler treats as one value: as a tuple of Ints, every resolution's
/// `Resolution` was let go through its type's value witnesses (the graph's
/// lookup ran 4,948 instructions instead of 4,934, callgrind).
struct ConstructionStack {
    static let inlineCount = 8
    private var inline = SIMD8<Int>()
    /// How many are inside their initializer, the deeper ones too.
    private(set) var count = 0

    /// Pushes `index`: false when it is deeper than the inline ones, and the caller keeps it.
    mutating func push(_ index: Int) -> Bool {
        defer { count += 1 }
        guard count < Self.inlineCount else { return false }
        inline[count] = index
        return true
    }

    /// Pops the innermost: false when it was one the caller keeps.
    mutating func pop() -> Bool {
        count -= 1
        return count < Self.inlineCount
    }

    /// Whether `index` is among the inline ones.
    func contains(_ index: Int) -> Bool {
        indexes.contains(index)
    }

    /// The inline ones, outermost first.
    var indexes: [Int] {
        (0..<min(count, Self.inlineCount)).map { inline[$0] }
    }
}
