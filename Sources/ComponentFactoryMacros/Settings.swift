@_exported import ComponentFactory

/// Makes a struct ComponentFactory's `Settings`, bound from configuration
/// under `prefix`: each stored property is one key, `<prefix>.<name>` with
/// the name in kebab case (`maxConnections` reads `server.max-connections`),
/// or the key ``SettingKey(_:)`` gives. The property's initializer is the
/// default when no source sets the key; an optional field without one is
/// nil; any other field without one must be set. Values convert with the
/// factory's type converters, your own included, and keep the constraints
/// declared on the field: ``Within(_:)``, ``Matching(_:)``, ``NotEmpty()``
/// and ``OneOf(_:)``. Register the type with
/// `registry.register(settings: ServerSettings.self)`.
///
/// ```swift
/// @Settings(prefix: "server")
/// struct ServerSettings {
///     @Within(1...65_535) var port = 8080
///     @NotEmpty var host = "127.0.0.1"
///     @OneOf("debug", "info", "warning") var logLevel = "info"
///     var requestTimeout: Duration = .seconds(30)
///     var publicURL: URL?
/// }
/// ```
///
/// Mistakes are compiler errors: the macro on a class, an enum or a generic
/// struct, or a `let` with a default (binding could not replace it).
@attached(extension, conformances: Settings, names: named(prefix), named(init(from:)))
public macro Settings(prefix: String = "") = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "SettingsMacro")

/// The key of a ``Settings(prefix:)`` field after the prefix, instead of its name in kebab case.
@attached(peer)
public macro SettingKey(_ key: String) = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")

/// The field's value lies in `range`: `@Within(1...65_535)`, `@Within(0.0..<1.0)`, `@Within(1...)`.
@attached(peer)
public macro Within<Bounds: RangeExpression>(_ range: Bounds) =
    #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")

/// The field's text, after its placeholders are resolved, matches the
/// regular expression `pattern` whole: `@Matching("[a-z][a-z0-9-]*")`.
@attached(peer)
public macro Matching(_ pattern: String) = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")

/// The field's value, a string or a collection, is not empty.
@attached(peer)
public macro NotEmpty() = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")

/// The field's value is one of `values`: `@OneOf("debug", "info", "warning")`.
@attached(peer)
public macro OneOf<Value>(_ values: Value...) = #externalMacro(module: "ComponentFactoryMacrosPlugin", type: "MarkerMacro")
