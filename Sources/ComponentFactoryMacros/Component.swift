@_exported import ComponentFactory

/// Writes a type's registration from the type itself: every initializer it
/// declares (by its Swift selector, `init(quest:damselsRescued:)`, and its
/// Typhoon selector, `initWithQuest:damselsRescued:`), every settable `var`
/// with its declared type, and the methods marked ``Callback(_:)``, as a
/// `Registration` type nested in it. The type becomes `SelfRegistering`, so
/// `registry.register(Knight.self)` needs no closure; a closure given there
/// adds to the registration or replaces part of it by name. A subclass
/// inherits its superclass's conformance, so it is registered by its own
/// registration: `try registry.register(CavalryMan.Registration.self, inheriting: Knight.self)`.
///
/// - `name`: the name an assembly's `class=` uses; by default the type's name.
/// - `conformsTo`: the protocols and superclasses the type is also found by.
///
/// Leave a member out with ``ComponentIgnored()``; give an initializer more
/// selectors, with fewer parameters where the rest have defaults, with
/// ``Selector(_:)``; register a static method that returns the type as a class
/// method with ``ClassMethod(_:)``. Mistakes are compiler errors in the editor:
/// a stored property with no type annotation, a parameter the registry cannot
/// inject (a function, `inout`, variadic, `some`), two initializers with one
/// selector, or the macro on an enum or a protocol.
///
/// ```swift
/// @Component(conformsTo: [(any Fighter).self])
/// final class Knight {
///     var damselsRescued: UInt = 0
///     @Selector("init", "initWithQuest:")
///     init(quest: (any Quest)? = nil, damselsRescued: UInt = 0) { … }
///     @Callback func ready() { … }
/// }
/// ```
@attached(member, names: named(Registration))
@attached(extension, conformances: SelfRegistering)
public macro Component(name: String? = nil, conformsTo: [Any.Type] = []) =
    #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "ComponentMacro")

/// Leaves an initializer, a property or a method out of ``Component(name:conformsTo:)``'s registration.
@attached(peer)
public macro ComponentIgnored() = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")

/// Registers the marked method as a callback, under `name` or the method's own
/// name, for `before-property-injection`, `after-property-injection`,
/// `init-method` and `destroy-method`. The method takes no arguments.
@attached(peer)
public macro Callback(_ name: String? = nil) = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")

/// Registers the marked initializer under more selectors besides its own two:
/// Typhoon's (`initWithQuest:`) or Swift's (`init(quest:)`) form, with the
/// leading parameters it names; the parameters it leaves out must have defaults.
@attached(peer)
public macro Selector(_ selectors: String...) = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")

/// Registers the marked static method, which returns the type, as a class
/// method under `selector`: `is-class-method="yes"` in an assembly.
@attached(peer)
public macro ClassMethod(_ selector: String) = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")
