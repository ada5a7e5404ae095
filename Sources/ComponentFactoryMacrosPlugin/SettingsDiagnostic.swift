import SwiftDiagnostics

/// What `@Settings` reports, each with a stable id.
enum SettingsDiagnostic: String, DiagnosticMessage {
    case notAStruct
    case genericType
    case constantWithDefault
    case notAnIdentifier

    var severity: DiagnosticSeverity { .error }

    var diagnosticID: MessageID { MessageID(domain: "ComponentFactoryMacros", id: rawValue) }

    var message: String {
        switch self {
        case .notAStruct:
            "@Settings applies to a struct: settings are values, bound once per environment"
        case .genericType:
            "@Settings cannot bind a generic type: the converters need each field's concrete type"
        case .constantWithDefault:
            "@Settings binds this field from configuration, so its default cannot be a 'let' constant; make it a 'var'"
        case .notAnIdentifier:
            "@Settings binds each stored property by its name: declare this one with a plain name, not a pattern"
        }
    }
}
