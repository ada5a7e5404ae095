/// Finds the near misses for a misspelled name, for "did you mean" hints.
///
/// ```swift
/// SpellingSuggestions.nearest(to: "qeust", among: ["quest", "knight"])  // ["quest"]
/// ```
@_spi(Tooling)
public enum SpellingSuggestions {
    /// Up to `limit` candidates within a small edit distance, or that start
    /// with `name`, closest first. For many questions over one set of
    /// candidates, build a ``SpellingIndex`` once instead.
    public static func nearest(to name: String, among candidates: some Sequence<String>, limit: Int = 3) -> [String] {
        SpellingIndex(candidates).nearest(to: name, limit: limit)
    }

    /// `"; did you mean 'a'?"`, `"; did you mean 'a' or 'b'?"`, or "" when none is near.
    public static func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
        SpellingIndex(candidates).didYouMean(name)
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
