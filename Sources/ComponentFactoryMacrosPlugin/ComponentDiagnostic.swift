import SwiftDiagnostics

/// What `@Component` reports, each with a stable id.
enum ComponentDiagnostic: String, DiagnosticMessage {
    case notAClassOrStruct
    case missingTypeAnnotation
    case uninjectableParameter
    case isolatedStructProperty
    case asyncCallbackNeedsSendable
    case duplicateSelector
    case selectorNeedsDefaults
    case callbackTakesArguments
    case classMethodReturnsOtherType
    case genericType

    var severity: DiagnosticSeverity { .error }

    var diagnosticID: MessageID { MessageID(domain: "ComponentFactoryMacros", id: rawValue) }

    var message: String {
        switch self {
        case .notAClassOrStruct:
            "@Component applies to a class, a struct or an actor: an enum or a protocol has no initializers to register"
        case .missingTypeAnnotation:
            "@Component registers a property by its declared type: give this property a type annotation"
        case .uninjectableParameter:
            "@Component cannot register this initializer: the registry cannot inject a function, an inout, a variadic "
                + "or a 'some' parameter; mark it @ComponentIgnored and register it by hand"
        case .isolatedStructProperty:
            "@Component cannot inject this property: a struct isolated to a global actor is set on that actor, "
                + "where a copy cannot be changed in place; take it in an initializer, or mark it @ComponentIgnored"
        case .asyncCallbackNeedsSendable:
            "an async @Callback runs where the factory awaits it, so the type must be Sendable (or isolated to an actor)"
        case .duplicateSelector:
            "two initializers map to one selector; mark one @ComponentIgnored"
        case .selectorNeedsDefaults:
            "a @Selector with fewer parameters than the initializer needs defaults for the parameters it leaves out"
        case .callbackTakesArguments:
            "a @Callback method takes no arguments"
        case .classMethodReturnsOtherType:
            "a @ClassMethod is a static method that returns the type itself"
        case .genericType:
            "@Component cannot register a generic type: register each specialization by hand"
        }
    }
}

/// A fix-it's message.
struct ComponentFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "ComponentFactoryMacros", id: message) }
}
