/// How bad a ``Diagnostic`` is. Errors fail `factory validate`; warnings do not.
public enum Severity: String, Sendable, Hashable {
    /// The load, the check or the build fails.
    case error
    /// Worth a look; nothing fails because of it.
    case warning
}
