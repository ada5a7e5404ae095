import SwiftDiagnostics
import SwiftSyntax

/// Where a type's code runs, as its declaration says: what the
/// registration records, and what decides which closures it writes.
enum MacroIsolation: Equatable {
    case nonisolated
    case mainActor
    /// A global actor's attribute, by name: any attribute without arguments whose name ends in `Actor`.
    case globalActor(String)
    case actor

    /// `ComponentFactory.Isolation`'s case, as source.
    var registered: String {
        switch self {
        case .nonisolated: ".nonisolated"
        case .mainActor: ".mainActor"
        case .globalActor(let name): ".globalActor(\"\(name)\")"
        case .actor: ".actor"
        }
    }

    /// The attribute a closure that runs in this isolation carries: `@MainActor `, or nothing.
    var closureAttribute: String {
        switch self {
        case .mainActor: "@MainActor "
        case .globalActor(let name): "@\(name) "
        case .nonisolated, .actor: ""
        }
    }

    /// Whether the type's members run on a global actor.
    var isGlobalActor: Bool { !closureAttribute.isEmpty }
}

/// Reads a type's members into the statements of its registration, and the
/// problems that stop it: one pass over the members, in declaration order.
struct MemberReader {
    let typeName: String
    let isolation: MacroIsolation
    /// Whether the type says it is `Sendable` (or is isolated to an actor, which makes it so).
    let isSendable: Bool
    /// Whether the type is a struct: a setter that runs on its actor cannot change a copy in place.
    let isStruct: Bool
    private(set) var statements: [String] = []
    private(set) var problems: [Diagnostic] = []
    /// Each selector registered so far, with the initializer that has it.
    private var selectors: [String: Syntax] = [:]

    init(typeName: String, isolation: MacroIsolation = .nonisolated, isSendable: Bool = false, isStruct: Bool = false) {
        self.typeName = typeName
        self.isStruct = isStruct
        self.isolation = isolation
        self.isSendable = isSendable || isolation != .nonisolated
    }

    mutating func read(_ declaration: DeclSyntax) {
        if let initializer = declaration.as(InitializerDeclSyntax.self) {
            readInitializer(initializer)
        } else if let variable = declaration.as(VariableDeclSyntax.self) {
            readVariable(variable)
        } else if let function = declaration.as(FunctionDeclSyntax.self) {
            readFunction(function)
        }
    }

    // MARK: Initializers

    private mutating func readInitializer(_ initializer: InitializerDeclSyntax) {
        let attributes = initializer.attributes
        guard !Self.has("ComponentIgnored", in: attributes), Self.isVisible(initializer.modifiers) else { return }
        let parameters = initializer.signature.parameterClause.parameters.enumerated().map { Parameter($1, at: $0) }
        let effects = Effects(isAsync: initializer.signature.effectSpecifiers?.asyncSpecifier != nil,
                              isolated: isolation.isGlobalActor && !Self.isNonisolated(initializer.modifiers))
        if let bad = parameters.first(where: { !$0.isInjectable }) {
            problems.append(Diagnostic(node: bad.syntax, message: ComponentDiagnostic.uninjectableParameter,
                                       fixIts: [Self.ignoreFixIt(initializer)]))
            return
        }
        let throwing = initializer.signature.effectSpecifiers?.throwsClause != nil
        let failable = initializer.optionalMark != nil
        var forms = [(Self.swiftSelector(parameters), parameters.count), (Self.typhoonSelector(parameters), parameters.count)]
        for extra in Self.strings(of: "Selector", in: attributes) {
            let count = Self.parameterCount(of: extra)
            guard count <= parameters.count, parameters.dropFirst(count).allSatisfy(\.hasDefault) else {
                problems.append(Diagnostic(node: Syntax(initializer.initKeyword), message: ComponentDiagnostic.selectorNeedsDefaults))
                return
            }
            forms.append((extra, count))
        }
        var seen = Set<String>()
        for (selector, count) in forms where seen.insert(selector).inserted {
            if selectors[selector] != nil {
                problems.append(Diagnostic(node: initializer.initKeyword, message: ComponentDiagnostic.duplicateSelector,
                                           fixIts: [Self.ignoreFixIt(initializer)]))
                return
            }
            selectors[selector] = Syntax(initializer)
            statements.append(registration("initializer", selector, Array(parameters.prefix(count)), throwing: throwing,
                                           failable: failable, effects: effects, call: typeName))
            if !throwing, !failable, !effects.suspends {
                // The closure only calls the initializer: compiled wiring may call it itself.
                let labels = parameters.prefix(count).map { "\"\($0.label)\"" }.joined(separator: ", ")
                statements.append("builder.callsInitializer(\"\(selector)\", labels: [\(labels)])")
            }
        }
    }

    /// How a closure the registration writes must run: `async` when the
    /// member is, and on the type's global actor unless it is `nonisolated`.
    struct Effects {
        var isAsync = false
        var isolated = false
        var suspends: Bool { isAsync || isolated }
    }

    /// `builder.initializer("…") { (a: A, b: B) in T(a: a, b: b) }`, or
    /// `classMethod`; for code that can suspend, the async form:
    /// `{ @MainActor (a: A) async in T(a: a) }`.
    private func registration(_ kind: String, _ selector: String, _ parameters: [Parameter], throwing: Bool, failable: Bool,
                              effects: Effects = Effects(), call: String) -> String {
        let list = "(" + parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        let signature: String
        if effects.suspends {
            signature = (effects.isolated ? isolation.closureAttribute : "") + list + " async" + (throwing || failable ? " throws" : "") + " in "
        } else {
            signature = parameters.isEmpty ? (throwing || failable ? "() throws in " : "")
                : list + (throwing || failable ? " throws" : "") + " in "
        }
        let arguments = parameters.map { $0.label == "_" ? $0.name : "\($0.label): \($0.name)" }.joined(separator: ", ")
        let made = (throwing ? "try " : "") + (effects.isAsync ? "await " : "") + "\(call)(\(arguments))"
        let body = failable
            ? "guard let made = \(made) else { throw ComponentFactory.InitializerReturnedNil(selector: \"\(selector)\", type: \"\(typeName)\") }\nreturn made"
            : made
        return "builder.\(kind)(\"\(selector)\") { \(signature)\(body) }"
    }

    static func swiftSelector(_ parameters: [Parameter]) -> String {
        parameters.isEmpty ? "init" : "init(" + parameters.map { "\($0.label):" }.joined() + ")"
    }

    static func typhoonSelector(_ parameters: [Parameter]) -> String {
        guard let first = parameters.first else { return "init" }
        let head = first.label == "_" ? first.name : first.label
        return "initWith" + head.prefix(1).uppercased() + head.dropFirst() + ":"
            + parameters.dropFirst().map { ($0.label == "_" ? $0.name : $0.label) + ":" }.joined()
    }

    /// How many parameters a selector in either form names.
    static func parameterCount(of selector: String) -> Int {
        selector.filter { $0 == ":" }.count
    }

    // MARK: Properties

    private mutating func readVariable(_ variable: VariableDeclSyntax) {
        guard variable.bindingSpecifier.tokenKind == .keyword(.var), !Self.has("ComponentIgnored", in: variable.attributes),
              Self.isVisible(variable.modifiers), Self.isSettable(variable.modifiers),
              !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { return }
        let nonisolated = Self.isNonisolated(variable.modifiers)
        for binding in variable.bindings where Self.isInjectable(binding) {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            // Only what would be injected is refused: a get-only computed property was skipped above, whatever the isolation.
            if isolation.isGlobalActor && isStruct && !nonisolated {
                problems.append(Diagnostic(node: variable.bindingSpecifier, message: ComponentDiagnostic.isolatedStructProperty,
                                           fixIts: [Self.ignoreFixIt(variable)]))
                return
            }
            guard binding.typeAnnotation != nil || variable.bindings.last?.typeAnnotation != nil else {
                var annotated = binding
                annotated.pattern = binding.pattern.with(\.trailingTrivia, [])
                annotated.typeAnnotation = TypeAnnotationSyntax(colon: .colonToken(trailingTrivia: .space),
                                                                type: TypeSyntax(stringLiteral: "<#Type#>").with(\.trailingTrivia, .space))
                problems.append(Diagnostic(
                    node: binding.pattern, message: ComponentDiagnostic.missingTypeAnnotation,
                    fixIts: [FixIt(message: ComponentFixIt(message: "add a type annotation"),
                                   changes: [.replace(oldNode: Syntax(binding), newNode: Syntax(annotated))])]))
                continue
            }
            let type = (binding.typeAnnotation ?? variable.bindings.last?.typeAnnotation)?.type.trimmedDescription ?? "<#Type#>"
            if isolation == .actor && !nonisolated {
                // Only the actor may set its property: the closure takes it `isolated`, and so runs on it.
                statements.append("builder.property(\"\(name)\") { (component: isolated \(typeName), value: \(type)) in "
                                  + "component.\(name) = value }")
            } else if isolation.isGlobalActor && !nonisolated {
                // A main-actor property is set on the main actor: an async setter, since a key path would set it from anywhere.
                statements.append("builder.property(\"\(name)\") { \(isolation.closureAttribute)(component: \(typeName), value: \(type)) async in "
                                  + "component.\(name) = value }")
            } else {
                statements.append("builder.property(\"\(name)\", \\.\(name))")
                // The key path only assigns: compiled wiring may assign the member itself.
                statements.append("builder.assignsProperty(\"\(name)\", member: \"\(name)\")")
            }
        }
    }

    /// Whether a binding can be set from outside: a stored property (a
    /// `lazy` one too), an observed one, or a computed one with a setter.
    /// A get-only computed property is not injected, whatever the type's isolation.
    private static func isInjectable(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        guard case .accessors(let list) = accessors else { return false }
        let kinds = list.map(\.accessorSpecifier.text)
        return kinds.allSatisfy { $0 == "willSet" || $0 == "didSet" } || kinds.contains("set")
    }

    // MARK: Methods

    private mutating func readFunction(_ function: FunctionDeclSyntax) {
        guard !Self.has("ComponentIgnored", in: function.attributes) else { return }
        let name = function.name.text
        let parameters = function.signature.parameterClause.parameters.enumerated().map { Parameter($1, at: $0) }
        let throwing = function.signature.effectSpecifiers?.throwsClause != nil
        if Self.has("Callback", in: function.attributes) {
            guard parameters.isEmpty else {
                problems.append(Diagnostic(node: function.name, message: ComponentDiagnostic.callbackTakesArguments))
                return
            }
            let callbackName = Self.strings(of: "Callback", in: function.attributes).first ?? name
            let isAsync = function.signature.effectSpecifiers?.asyncSpecifier != nil
            let nonisolated = Self.isNonisolated(function.modifiers)
            if isAsync || (isolation != .nonisolated && !nonisolated) {
                guard isSendable else {
                    problems.append(Diagnostic(node: function.name, message: ComponentDiagnostic.asyncCallbackNeedsSendable))
                    return
                }
                // An actor's method is awaited from outside it; a global actor's runs in a closure on that actor.
                let attribute = nonisolated ? "" : isolation.closureAttribute
                let awaits = isAsync || (isolation == .actor && !nonisolated)
                statements.append("builder.callback(\"\(callbackName)\") { \(attribute)(component: \(typeName)) async\(throwing ? " throws" : "") in "
                                  + "\(throwing ? "try " : "")\(awaits ? "await " : "")component.\(name)() }")
            } else {
                statements.append("builder.callback(\"\(callbackName)\") { \(throwing ? "try " : "")$0.\(name)() }")
                if !throwing {
                    // The closure only calls the method: compiled wiring may call it itself.
                    statements.append("builder.callsMethod(\"\(callbackName)\", method: \"\(name)\")")
                }
            }
        }
        if let selector = Self.strings(of: "ClassMethod", in: function.attributes).first {
            let returned = function.signature.returnClause?.type.trimmedDescription
            let isStatic = function.modifiers.contains { ["static", "class"].contains($0.name.text) }
            guard isStatic, returned == typeName || returned == "Self" else {
                problems.append(Diagnostic(node: function.name, message: ComponentDiagnostic.classMethodReturnsOtherType))
                return
            }
            if let bad = parameters.first(where: { !$0.isInjectable }) {
                problems.append(Diagnostic(node: bad.syntax, message: ComponentDiagnostic.uninjectableParameter))
                return
            }
            let effects = Effects(isAsync: function.signature.effectSpecifiers?.asyncSpecifier != nil,
                                  isolated: isolation.isGlobalActor && !Self.isNonisolated(function.modifiers))
            statements.append(registration("classMethod", selector, parameters, throwing: throwing, failable: false,
                                           effects: effects, call: "\(typeName).\(name)"))
        }
    }

    // MARK: Attributes and modifiers

    static func has(_ attribute: String, in attributes: AttributeListSyntax) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == attribute }
    }

    /// The string literals given to `@attribute(…)`.
    static func strings(of attribute: String, in attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { $0.as(AttributeSyntax.self) }
            .filter { $0.attributeName.trimmedDescription == attribute }
            .flatMap { $0.arguments?.as(LabeledExprListSyntax.self) ?? [] }
            .compactMap { $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
    }

    /// A `nonisolated` member runs wherever it is called, whatever the type's isolation.
    static func isNonisolated(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.text == "nonisolated" }
    }

    /// Private and file-private members stay out of the registration.
    static func isVisible(_ modifiers: DeclModifierListSyntax) -> Bool {
        !modifiers.contains { ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil }
    }

    /// `private(set)` and `fileprivate(set)` properties cannot be set from a registration.
    static func isSettable(_ modifiers: DeclModifierListSyntax) -> Bool {
        !modifiers.contains { ["private", "fileprivate"].contains($0.name.text) && $0.detail?.detail.text == "set" }
    }

    static func ignoreFixIt<Declaration: WithAttributesSyntax>(_ declaration: Declaration) -> FixIt {
        var marked = declaration.with(\.leadingTrivia, [])
        marked.attributes.insert(.attribute(AttributeSyntax(attributeName: TypeSyntax(stringLiteral: "ComponentIgnored"))
            .with(\.leadingTrivia, declaration.leadingTrivia).with(\.trailingTrivia, .space)), at: marked.attributes.startIndex)
        return FixIt(message: ComponentFixIt(message: "mark it @ComponentIgnored"),
                     changes: [.replace(oldNode: Syntax(declaration), newNode: Syntax(marked))])
    }
}

/// One parameter of an initializer or a class method, as the registration needs it.
struct Parameter {
    let label: String
    let name: String
    let type: String
    let hasDefault: Bool
    let isInjectable: Bool
    let syntax: Syntax

    /// The parameter at `position`: one that has no name of its own (`_`) is named by its place.
    init(_ parameter: FunctionParameterSyntax, at position: Int) {
        label = parameter.firstName.text
        let own = parameter.secondName?.text ?? parameter.firstName.text
        name = own == "_" ? "argument\(position)" : own
        type = parameter.type.trimmedDescription
        hasDefault = parameter.defaultValue != nil
        syntax = Syntax(parameter)
        isInjectable = parameter.ellipsis == nil && Self.isInjectable(parameter.type)
    }

    /// A function, an `inout`, or an opaque `some` type cannot come from an assembly.
    static func isInjectable(_ type: TypeSyntax) -> Bool {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            if attributed.specifiers.contains(where: { $0.trimmedDescription == "inout" }) { return false }
            return isInjectable(attributed.baseType)
        }
        if type.is(FunctionTypeSyntax.self) { return false }
        if let opaque = type.as(SomeOrAnyTypeSyntax.self), opaque.someOrAnySpecifier.tokenKind == .keyword(.some) { return false }
        if let tuple = type.as(TupleTypeSyntax.self) {
            return tuple.elements.count == 1 && tuple.elements.allSatisfy { isInjectable($0.type) }
        }
        if let optional = type.as(OptionalTypeSyntax.self) { return isInjectable(optional.wrappedType) }
        return true
    }
}
