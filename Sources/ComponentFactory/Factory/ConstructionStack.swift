/// The components inside their initializer in one async resolution,
/// outermost first: what closes a cycle of initializers, and the path a
/// build failure names.
///
/// The first sixteen are held inline, so that pushing and popping one per
/// component built costs no array bookkeeping: an array's uniqueness checks
/// and growth were measurable (3.2× against 3.1× hand-built in the async
/// benchmark, same sitting; see Benchmarks/README.md, issue 25). Deeper
/// chains go on in `overflow`.
struct ConstructionStack {
    private static let inlineCount = 16
    private var inline = InlineArray<16, Int>(repeating: 0)
    private var overflow: [Int] = []
    private(set) var count = 0

    mutating func push(_ index: Int) {
        if count < Self.inlineCount {
            inline[count] = index
        } else {
            overflow.append(index)
        }
        count += 1
    }

    mutating func pop() {
        count -= 1
        if count >= Self.inlineCount { overflow.removeLast() }
    }

    func contains(_ index: Int) -> Bool {
        for position in 0..<min(count, Self.inlineCount) where inline[position] == index { return true }
        return count > Self.inlineCount && overflow.contains(index)
    }

    /// Every index, outermost first.
    var indexes: [Int] {
        (0..<min(count, Self.inlineCount)).map { inline[$0] } + overflow
    }
}
