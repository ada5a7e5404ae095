/// How bad a ``Diagnostic`` is. Errors fail `factory validate`; warnings do not.
public enum Severity: String, Sendable, Hashable {
    case error
    case warning
}
