/// Finds the near misses for a misspelled name, for "did you mean" hints.
///
/// ```swift
/// SpellingSuggestions.nearest(to: "qeust", among: ["quest", "knight"])  // ["quest"]
/// ```
public enum SpellingSuggestions {
    /// At most this many candidates are compared letter by letter for one
    /// name, so that thousands of misspellings among thousands of keys cost
    /// linear time; the rest are passed over by their length alone.
    public static let maximumComparisons = 500

    /// Up to `limit` candidates within a small edit distance, or that start
    /// with `name`, closest first.
    public static func nearest(to name: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        let allowed = max(2, target.count / 3)
        // A candidate with fewer bytes than this has too few letters to be near; one with more is near only as an abbreviation.
        let fewestBytes = target.count - allowed
        let mostBytes = (target.count + allowed) * 4
        let firstByte = name.lowercased().utf8.first
        var comparisons = 0
        var scored: [(distance: Int, name: String)] = []
        for candidate in candidates where candidate != name {
            let bytes = candidate.utf8.count
            guard bytes >= fewestBytes else { continue }
            if bytes > mostBytes {
                guard target.count >= 3, candidate.utf8.first.map({ $0 | 0x20 }) == firstByte.map({ $0 | 0x20 }) else { continue }
            }
            guard comparisons < maximumComparisons else { break }
            comparisons += 1
            let other = Array(candidate.lowercased().unicodeScalars)
            // An abbreviation ('prod' for 'production') is as near as one typo.
            let isPrefix = target.count >= 3 && other.starts(with: target)
            let distance = isPrefix ? 1 : editDistance(target, other, cap: allowed)
            if distance <= allowed { scored.append((distance, candidate)) }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
    }

    /// `"; did you mean 'a'?"`, `"; did you mean 'a' or 'b'?"`, or "" when none is near.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
        let near = nearest(to: name, among: candidates)
        guard !near.isEmpty else { return "" }
        return "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent swaps),
    /// stopping early once every path costs more than `cap`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], cap: Int) -> Int {
        if abs(a.count - b.count) > cap { return cap + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > cap { return cap + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
