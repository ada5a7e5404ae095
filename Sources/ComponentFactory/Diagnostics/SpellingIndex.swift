/// Candidates prepared once for many "did you mean" questions, so that
/// thousands of misspellings among thousands of keys cost time in
/// proportion to their number, not to their product.
///
/// Candidates are kept by length and in order: a question compares only
/// those whose length is near, at most ``maximumComparisons`` of them, and
/// finds abbreviations ('prod' for 'production') by binary search.
///
/// ```swift
/// let index = SpellingIndex(["quest", "knight"])
/// index.didYouMean("qeust")  // "; did you mean 'quest'?"
/// ```
@_spi(Tooling)
public struct SpellingIndex: Sendable {
    /// The most candidates compared letter by letter for one question.
    public static let maximumComparisons = 200

    private struct Entry: Sendable {
        let lowered: [Unicode.Scalar]
        let name: String
    }

    private let byLength: [Int: [Entry]]
    private let sorted: [Entry]

    /// Prepares `candidates` once, for any number of questions.
    public init(_ candidates: some Sequence<String>) {
        var byLength: [Int: [Entry]] = [:]
        var all: [Entry] = []
        for name in candidates {
            let entry = Entry(lowered: Array(name.lowercased().unicodeScalars), name: name)
            byLength[entry.lowered.count, default: []].append(entry)
            all.append(entry)
        }
        self.byLength = byLength
        self.sorted = all.sorted { $0.lowered.lexicographicallyPrecedes($1.lowered) { $0.value < $1.value } }
    }

    /// Up to `limit` candidates within a small edit distance, or that start
    /// with `name`, closest first.
    public func nearest(to name: String, limit: Int = 3) -> [String] {
        let target = Array(name.lowercased().unicodeScalars)
        let allowed = max(2, target.count / 3)
        var scored: [(distance: Int, name: String)] = []
        var seen = Set<String>()
        var comparisons = 0
        // An abbreviation is as near as one typo: the candidates that start with the name sort together.
        if target.count >= 3 {
            var low = 0, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].lowered.lexicographicallyPrecedes(target, by: { $0.value < $1.value }) { low = middle + 1 } else { high = middle }
            }
            var position = low
            while position < sorted.count, comparisons < Self.maximumComparisons, sorted[position].lowered.starts(with: target) {
                let entry = sorted[position]
                if entry.name != name && seen.insert(entry.name).inserted {
                    scored.append((entry.lowered.count == target.count ? 0 : 1, entry.name))
                }
                comparisons += 1
                position += 1
            }
        }
        for length in max(0, target.count - allowed)...(target.count + allowed) {
            for entry in byLength[length] ?? [] where entry.name != name && !seen.contains(entry.name) {
                guard comparisons < Self.maximumComparisons else { break }
                comparisons += 1
                let distance = SpellingSuggestions.editDistance(target, entry.lowered, cap: allowed)
                if distance <= allowed {
                    seen.insert(entry.name)
                    scored.append((distance, entry.name))
                }
            }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
    }

    /// `"; did you mean 'a'?"`, `"; did you mean 'a' or 'b'?"`, or "" when none is near.
    public func didYouMean(_ name: String) -> String {
        let near = nearest(to: name)
        guard !near.isEmpty else { return "" }
        return "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }
}
