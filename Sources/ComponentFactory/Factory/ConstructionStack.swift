/// The components inside their initializer in one async resolution,
/// outermost first: what closes a cycle of initializers, and the path a
/// build failure names.
///
/// The first sixteen are held inline, so that pushing and popping one per
/// component built costs no array bookkeeping: an array's uniqueness checks
/// and growth were measurable (3.2× against 3.1× hand-built in the async
/// benchmark, same sitting; see Benchmarks/README.md, issue 25). Deeper
/// chains go on in `overflow`. The inline ones are a tuple, whose elements
/// Swift lays out contiguously, not an `InlineArray`: that needs macOS 26,
/// and the package supports macOS 15.
struct ConstructionStack {
    private static let inlineCount = 16
    private var inline: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private var overflow: [Int] = []
    private(set) var count = 0

    mutating func push(_ index: Int) {
        if count < Self.inlineCount {
            let offset = count * MemoryLayout<Int>.stride
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: index, toByteOffset: offset, as: Int.self) }
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
        let found = withUnsafeBytes(of: inline) { bytes in
            bytes.withMemoryRebound(to: Int.self) { $0.prefix(min(count, Self.inlineCount)).contains(index) }
        }
        return found || (count > Self.inlineCount && overflow.contains(index))
    }

    /// Every index, outermost first.
    var indexes: [Int] {
        withUnsafeBytes(of: inline) { bytes in
            bytes.withMemoryRebound(to: Int.self) { Array($0.prefix(min(count, Self.inlineCount))) }
        } + overflow
    }
}
