import Foundation

// How the benchmarks that time in rounds summarise them.

/// The median of `values`, which are not empty.
public func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// `value` with one decimal, or `decimals`.
public func fmt(_ value: Double, decimals: Int = 1) -> String { String(format: "%.\(decimals)f", value) }

/// A ratio as the median of the rounds' own, with their range: `2.2x (rounds 2.1-2.4)`.
public func spread(_ ratios: [Double], decimals: Int = 1) -> String {
    "\(fmt(median(ratios), decimals: decimals))x (rounds \(fmt(ratios.min() ?? 0, decimals: decimals))-\(fmt(ratios.max() ?? 0, decimals: decimals)))"
}
