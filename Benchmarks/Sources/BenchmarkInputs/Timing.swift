import Foundation

// How the synchronous benchmarks time their two sides: the same loop for both,
// inlined into each benchmark as if written there (AsyncTiming.swift is the async twin).

/// ns per iteration of `body`.
@inlinable
public func nanoseconds(iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { try body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
}

/// ns per iteration of `first` and of `second`, in alternating slices, each going first in turn,
/// so that the machine's drift within a round weighs on both alike.
@inlinable
public func paired(iterations: Int, slices: Int = 10, _ first: () throws -> Void, _ second: () throws -> Void) rethrows -> (Double, Double) {
    var totals = (0.0, 0.0)
    let perSlice = iterations / slices
    for slice in 0..<slices {
        if slice % 2 == 0 {
            totals.0 += try nanoseconds(iterations: perSlice, first)
            totals.1 += try nanoseconds(iterations: perSlice, second)
        } else {
            totals.1 += try nanoseconds(iterations: perSlice, second)
            totals.0 += try nanoseconds(iterations: perSlice, first)
        }
    }
    return (totals.0 / Double(slices), totals.1 / Double(slices))
}
