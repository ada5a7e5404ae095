/// A registration declared in code rather than in a closure: what the
/// `@Component` macro of `ComponentFactoryMacros` writes, as a `Registration`
/// type nested in the component's type, from its initializers, properties
/// and marked methods.
///
/// ```swift
/// var registry = ComponentRegistry()
/// registry.register(Knight.self)                                         // Knight.Registration
/// try registry.register(CavalryMan.Registration.self, inheriting: Knight.self)
/// ```
public protocol ComponentRegistration {
    /// The type registered.
    associatedtype Component
    /// The name an assembly's `class=` uses.
    static var name: String { get }
    /// The protocols and superclasses the type is also found by.
    static var conformances: [Any.Type] { get }
    /// Where the type's code runs; `nonisolated` unless the type is `@MainActor`, on another global actor, or an `actor`.
    static var isolation: Isolation { get }
    /// Declares the type's initializers, class methods, properties and callbacks.
    static func register(in builder: inout RegistrationBuilder<Component>)
}

extension ComponentRegistration {
    /// `nonisolated`: a registration written before isolation was recorded needs nothing more.
    public static var isolation: Isolation { .nonisolated }
}

/// A type with a ``ComponentRegistration`` of its own, so that
/// `registry.register(Knight.self)` needs no closure. `@Component` makes a
/// type conform. A subclass inherits its superclass's conformance, so it is
/// registered by its own registration type instead:
/// `try registry.register(CavalryMan.Registration.self, inheriting: Knight.self)`.
///
/// ```swift
/// @Component(conformsTo: [(any Quest).self])
/// final class CampaignQuest: Quest {
///     var imageURL: URL?
///     init() {}
/// }
///
/// var registry = ComponentRegistry()
/// registry.register(CampaignQuest.self)
/// ```
public protocol SelfRegistering {
    /// The type's registration.
    associatedtype Registration: ComponentRegistration
}
