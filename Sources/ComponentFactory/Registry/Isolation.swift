/// Where a registered type's code runs: what its registration declares,
/// so that a plan knows ahead of time which steps hop to an actor.
///
/// The closures a registration gives carry the isolation themselves (a
/// `@MainActor` closure runs on the main actor, an actor's method on the
/// actor), and Swift checks, where the registration is written, that what
/// crosses into them is `Sendable`. The factory records the isolation to
/// show it (`build`, `graph`) and to know that building such a component
/// can suspend, so that only the async lookup builds it.
///
/// ```swift
/// registry.register(ViewModel.self, isolation: .mainActor) { vm in
///     vm.initializer("init(store:)") { @MainActor (store: Store) in ViewModel(store: store) }
/// }
/// ```
public enum Isolation: Sendable, Hashable, Codable, RawRepresentable, CustomStringConvertible {
    /// No actor: the code runs wherever it is called. The default.
    case nonisolated
    /// The main actor, as `@MainActor` types are.
    case mainActor
    /// Another global actor, by its name (`@DatabaseActor`).
    case globalActor(String)
    /// An `actor`: its methods run on the instance itself.
    case actor

    /// `nonisolated`, `@MainActor`, `@DatabaseActor` or `actor`: how it prints, and how it is encoded.
    public var description: String { rawValue }

    /// The isolation `rawValue` writes: `nonisolated`, `@MainActor`, `actor`,
    /// or `@` and another global actor's name; nil for anything else.
    public init?(rawValue: String) {
        switch rawValue {
        case "nonisolated": self = .nonisolated
        case "@MainActor": self = .mainActor
        case "actor": self = .actor
        case _ where rawValue.hasPrefix("@") && rawValue.count > 1: self = .globalActor(String(rawValue.dropFirst()))
        default: return nil
        }
    }

    /// `nonisolated`, `@MainActor`, `@DatabaseActor` or `actor`.
    public var rawValue: String {
        switch self {
        case .nonisolated: "nonisolated"
        case .mainActor: "@MainActor"
        case .globalActor(let name): "@\(name)"
        case .actor: "actor"
        }
    }
}
