import Foundation

// How the benchmarks that time in rounds summarise them.

/// The median of `values`, which are not empty.
public func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// `value` with one decimal.
public func fmt(_ value: Double) -> String { String(format: "%.1f", value) }

/// A ratio as the median of the rounds' own, with their range: `2.2x (rounds 2.1-2.4)`.
public func spread(_ ratios: [Double]) -> String {
    "\(fmt(median(ratios)))x (rounds \(fmt(ratios.min() ?? 0))-\(fmt(ratios.max() ?? 0)))"
}
