/// A struct of typed settings bound from the active environment's
/// configuration under a key prefix, as Spring Boot binds
/// `@ConfigurationProperties`: each stored property is one key, converted by
/// the factory's type converters (your own included) and checked against the
/// constraints declared on it.
///
/// The `@Settings(prefix:)` macro of `ComponentFactoryMacros` writes the
/// conformance from the declaration; no reflection is involved. Register the
/// type with ``ComponentRegistry/register(settings:)``. Then the app's
/// `validate` binds it in every environment and reports each value that does
/// not convert, or breaks a constraint, at the `.properties` line that set
/// it; a component whose initializer takes the type gets it by autowiring;
/// and code reads it with ``Factory/settings(_:)``.
///
/// ```swift
/// @Settings(prefix: "server")
/// struct ServerSettings {
///     @Within(1...65_535) var port = 8080          // server.port
///     @NotEmpty var host = "127.0.0.1"             // server.host
///     var requestTimeout: Duration = .seconds(30)  // server.request-timeout
/// }
/// ```
public protocol Settings: Sendable {
    /// The prefix of every key, such as `server`; empty for keys with none.
    static var prefix: String { get }

    /// Binds each field through `binder`, which records what it finds, and
    /// throws the binder's report when a field has no value, or a value
    /// that does not convert or breaks a constraint.
    init(from binder: inout SettingsBinder) throws(DiagnosticReport)
}
