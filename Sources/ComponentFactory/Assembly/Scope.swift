/// How long a built component lives.
///
/// Spellings are case-insensitive and may use a dash or camel case:
/// `object-graph` (also Typhoon's `default`), `prototype`, `singleton`,
/// `weak-singleton` (also `weakSingleton`), `request`.
///
/// ```swift
/// Scope(parsing: "weakSingleton")  // .weakSingleton
/// Scope(parsing: "default")        // .objectGraph
/// ```
public enum Scope: String, Sendable, Codable, Hashable, CaseIterable {
    /// One instance per top-level resolution (the default; Typhoon's `default`).
    case objectGraph = "object-graph"
    /// A new instance for every reference.
    case prototype
    /// One instance, built at load unless `lazy-init`.
    case singleton
    /// One instance while someone holds it.
    case weakSingleton = "weak-singleton"
    /// One instance per request scope (``Factory/openScope(seeding:)-([String:Sendable])``),
    /// released, its destroy method run, when the scope closes.
    case request

    /// The scope `text` names, in any case, dashed or camel-case; nil when none does.
    public init?(parsing text: String) {
        if let exact = Scope(rawValue: text) {
            self = exact
            return
        }
        switch text.lowercased().filter({ $0 != "-" && $0 != "_" }) {
        case "objectgraph", "default": self = .objectGraph
        case "prototype": self = .prototype
        case "singleton": self = .singleton
        case "weaksingleton": self = .weakSingleton
        case "request": self = .request
        default: return nil
        }
    }
}
