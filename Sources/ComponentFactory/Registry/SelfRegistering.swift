/// A type that declares its own registration: what the `@Component` macro of
/// `ComponentFactoryMacros` writes from the type's initializers, properties
/// and marked methods, so that `registry.register(Knight.self)` needs no closure.
///
/// A registration written by hand says the same thing in a closure;
/// ``ComponentRegistry/register(_:name:conformsTo:_:)-(T.Type,_,_,_)`` takes
/// both at once: the type's own declarations first, then the closure's, which
/// may add to them or replace one by name.
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
    /// The name an assembly's `class=` uses.
    static var registeredName: String { get }
    /// The protocols and superclasses the type is also found by.
    static var registeredConformances: [Any.Type] { get }
    /// Declares the type's initializers, class methods, properties and callbacks.
    static func register(in builder: inout RegistrationBuilder<Self>)
}
