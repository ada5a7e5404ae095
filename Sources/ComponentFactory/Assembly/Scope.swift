/// How long a built component lives.
///
/// Spellings are case-insensitive and may use a dash or camel case:
/// `object-graph` (also Typhoon's `default`), `prototype`, `singleton`,
/// `weak-singleton` (also `weakSingleton`).
///
/// ```swift
/// Scope(parsing: "weakSingleton")  // .weakSingleton
/// Scope(parsing: "default")        // .objectGraph
/// ```
public enum Scope: String, Sendable, Hashable, CaseIterable {
    case objectGraph = "object-graph"
    case prototype
    case singleton
    case weakSingleton = "weak-singleton"

    public init?(parsing text: String) {
        switch text.lowercased().filter({ $0 != "-" && $0 != "_" }) {
        case "objectgraph", "default": self = .objectGraph
        case "prototype": self = .prototype
        case "singleton": self = .singleton
        case "weaksingleton": self = .weakSingleton
        default: return nil
        }
    }
}
