/// The parameter names of an initializer or method selector, by Typhoon's
/// rule, or of a Swift-style name.
///
/// ```swift
/// SelectorParameters.names(of: "initWithQuest:hitRatio:")  // ["quest", "hitRatio"]
/// SelectorParameters.names(of: "URLWithString:")           // ["string"]
/// SelectorParameters.names(of: "init(quest:hitRatio:)")    // ["quest", "hitRatio"]
/// SelectorParameters.names(of: "init")                     // []
/// ```
package enum SelectorParameters {
    /// The parameter names a selector implies: `initWithQuest:hitRatio:` gives `quest, hitRatio`, `init(quest:)` gives `quest`.
    package static func names(of selector: String) -> [String] {
        if let open = selector.firstIndex(of: "("), selector.hasSuffix(")") {
            let inside = selector[selector.index(after: open)..<selector.index(before: selector.endIndex)]
            return inside.split(separator: ":").map { String($0.trimmingWhitespace()) }
        }
        let parts = selector.split(separator: ":", omittingEmptySubsequences: false).dropLast()
        guard let first = parts.first else { return [] }
        var head = Substring(first)
        if let with = head.range(of: "With") {
            head = head[with.upperBound...]
        } else if head.hasPrefix("init") {
            head = head.dropFirst("init".count)
        }
        let firstName = head.prefix(1).lowercased() + head.dropFirst()
        return [firstName] + parts.dropFirst().map(String.init)
    }
}
