/// One field of a ``Settings`` type as its binding found it: the key it
/// reads, its Swift type, its default as written in Swift, and its
/// constraints. What the manifest, the unused-key check and the editor show
/// of a settings type.
///
/// ```swift
/// field.reader  // "field 'port' of settings ServerSettings"
/// ```
@_spi(Tooling)
public struct SettingsField: Sendable, Hashable {
    /// The settings type's name.
    public var settings: String
    /// The stored property's name.
    public var name: String
    /// The whole key it reads: the prefix, a dot and the field's own key.
    public var key: String
    /// Its Swift type, `Int` or `Duration?`.
    public var type: String
    /// The property's initializer as written in Swift; nil when it has none.
    public var defaultValue: String?
    /// What each constraint asks, such as `within 1...65535`.
    public var constraints: [String]
    /// Where the field is declared in Swift (`@Settings` says), or else where it is bound.
    public var location: SourceLocation?

    /// How a message names the field.
    public var reader: String { "field '\(name)' of settings \(settings)" }
}
