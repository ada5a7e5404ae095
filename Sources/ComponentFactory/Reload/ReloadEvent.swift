import Foundation

/// What one reload of a ``LiveFactory`` did: swapped in a new graph, found
/// nothing changed, or refused the change and kept the running graph.
///
/// ```swift
/// for await reload in live.reloads() where reload.outcome == .refused {
///     print(reload)  // each problem on its own line, with file:line
/// }
/// ```
public struct ReloadEvent: Sendable, CustomStringConvertible {
    /// When it ended.
    public let time = Date()
    /// How long it took, from its start to ``time``.
    public internal(set) var duration: Duration = .zero
    /// What the reload did.
    public let outcome: FactoryInspection.Reload.Outcome
    /// The generation serving after the reload: 1 for the graph built at load, one more at each swap.
    public let generation: Int
    /// The keys whose value changed, sorted by their UTF-8 bytes, whether
    /// the change was applied or refused; empty when the configuration could
    /// not be read at all, or nothing changed.
    public let changedKeys: [String]
    /// Each changed key with its text before and after, in the order of ``changedKeys``.
    public internal(set) var changes: [Change] = []
    /// The components built anew, in definition order: the singletons
    /// marked `reloadable="yes"` and every component that needs one. For a
    /// refused reload, those it would have built; empty when unchanged.
    public let rebuilt: [String]
    /// Why a reload was refused, each problem with its file:line; the
    /// warnings of one that was not. A problem that a changed value caused
    /// points first at that value: its `.properties` line, or the
    /// environment variable or provider that set it (line 0); the XML site
    /// that uses the value is its first note.
    public let diagnostics: [Diagnostic]

    /// One key's change, as written in its source, placeholders unresolved:
    /// `******` for a secret (a key that looks secret, or a
    /// value a config tree holds); nil on the side where no source set it.
    ///
    /// ```swift
    /// change.description  // "rate.per-second: 50 → 70"
    /// ```
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// The key.
        public let key: String
        /// Its text before; nil when no source set it.
        public let old: String?
        /// Its text now; nil when no source sets it.
        public let new: String?

        /// `key: old → new`, with `(unset)` for a side where no source set it.
        public var description: String { "\(key): \(old ?? "(unset)") → \(new ?? "(unset)")" }
    }

    /// One line of what happened, then the diagnostics, one per line.
    public var description: String {
        let summary = switch outcome {
        case .swapped:
            "reload: generation \(generation) swapped in; changed \(changedText); "
                + "built anew \(rebuilt.isEmpty ? "nothing" : rebuilt.joined(separator: ", "))"
        case .unchanged:
            "reload: no value changed; generation \(generation) keeps serving"
        case .refused:
            "reload: refused; generation \(generation) keeps serving; changed \(changedKeys.isEmpty ? "nothing known" : changedText)"
                + (rebuilt.isEmpty ? "" : "; would have built anew \(rebuilt.joined(separator: ", "))")
        }
        return ([summary] + diagnostics.map(\.description)).joined(separator: "\n")
    }

    /// The changes, old → new, or the keys alone where the values are not known.
    private var changedText: String {
        changes.isEmpty ? changedKeys.joined(separator: ", ") : changes.map(\.description).joined(separator: ", ")
    }
}
