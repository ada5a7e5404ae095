/// The components inside their initializer in one resolution, outermost
/// first: what closes a cycle of initializers, and the path a build failure names.
///
/// The first eight are held inline, as 32-bit indexes, so that pushing and
/// popping one per component built costs no array bookkeeping (an array's
/// uniqueness checks and growth show in the async graph's row), and so that
/// every resolution, which carries one, stays small (the graph's row; both
/// in Benchmarks/README §Lookups). Deeper chains go on in `overflow`,
/// made when first needed. The inline ones are a tuple, whose elements
/// Swift lays out contiguously, not an `InlineArray`: that needs macOS 26,
/// and the package supports macOS 15.
struct ConstructionStack {
    private static let inlineCount = 8
    private var inline: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var overflow: [Int]?
    private(set) var count = 0

    mutating func push(_ index: Int) {
        if count < Self.inlineCount {
            let offset = count * MemoryLayout<Int32>.stride
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: Int32(truncatingIfNeeded: index), toByteOffset: offset, as: Int32.self) }
        } else {
            if overflow == nil { overflow = [] }
            overflow?.append(index)
        }
        count += 1
    }

    mutating func pop() {
        count -= 1
        if count >= Self.inlineCount { overflow?.removeLast() }
    }

    func contains(_ index: Int) -> Bool {
        let found = withUnsafeBytes(of: inline) { bytes in
            bytes.withMemoryRebound(to: Int32.self) { $0.prefix(min(count, Self.inlineCount)).contains(Int32(truncatingIfNeeded: index)) }
        }
        return found || (overflow?.contains(index) ?? false)
    }

    /// Every index, outermost first.
    var indexes: [Int] {
        withUnsafeBytes(of: inline) { bytes in
            bytes.withMemoryRebound(to: Int32.self) { $0.prefix(min(count, Self.inlineCount)).map(Int.init) }
        } + (overflow ?? [])
    }
}
