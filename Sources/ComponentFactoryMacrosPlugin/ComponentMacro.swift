import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Component`: writes a `Registration` nested in a class or a struct from
/// its own declarations, and makes the type `SelfRegistering`. See
/// `ComponentFactoryMacros`' `Component(name:conformsTo:)`.
public struct ComponentMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let name: String
        switch registrable(declaration, node) {
        case .refused(let problem):
            context.diagnose(problem)
            return []
        case .named(let registered):
            name = registered
        }
        var reader = MemberReader(typeName: name, isolation: isolation(of: declaration), isSendable: isSendable(declaration),
                                  isStruct: declaration.is(StructDeclSyntax.self))
        for member in declaration.memberBlock.members {
            reader.read(member.decl)
        }
        for problem in reader.problems {
            context.diagnose(problem)
        }
        guard reader.problems.isEmpty else { return [] }
        let arguments = node.arguments?.as(LabeledExprListSyntax.self) ?? []
        let registeredName = arguments.first { $0.label?.text == "name" }?.expression.trimmedDescription ?? "\"\(name)\""
        let conformances = arguments.first { $0.label?.text == "conformsTo" }?.expression.trimmedDescription ?? "[]"
        let access = declaration.modifiers.contains { ["public", "open"].contains($0.name.text) } ? "public " : ""
        let body = reader.statements.map { "        " + $0 }.joined(separator: "\n")
        let isolation = reader.isolation == .nonisolated ? ""
            : "\n    \(access)static var isolation: ComponentFactory.Isolation { \(reader.isolation.registered) }"
        return ["""
            /// The registration `@Component` wrote from this type's declarations.
            \(raw: access)enum Registration: ComponentFactory.ComponentRegistration {
                \(raw: access)typealias Component = \(raw: name)
                \(raw: access)static var name: String { \(raw: registeredName) }
                \(raw: access)static var conformances: [Any.Type] { \(raw: conformances) }\(raw: isolation)
                \(raw: access)static func register(in builder: inout ComponentFactory.RegistrationBuilder<\(raw: name)>) {
            \(raw: body)
                }
            }
            """]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // A subclass of a registered class inherits the conformance; the member expansion reports any problem.
        guard !protocols.isEmpty, case .named = registrable(declaration, node) else { return [] }
        // Where the member expansion refuses the type, a conformance would only add a second, misleading error.
        var reader = MemberReader(typeName: type.trimmedDescription, isolation: isolation(of: declaration),
                                  isSendable: isSendable(declaration), isStruct: declaration.is(StructDeclSyntax.self))
        for member in declaration.memberBlock.members {
            reader.read(member.decl)
        }
        guard reader.problems.isEmpty else { return [] }
        let text: DeclSyntax = "extension \(raw: type.trimmedDescription): ComponentFactory.SelfRegistering {}"
        return text.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }

    /// Where the type's code runs: an `actor`, or the global actor of an
    /// attribute (`@MainActor`; any other attribute without arguments whose
    /// name ends in `Actor`), or nowhere in particular.
    private static func isolation(of declaration: some DeclGroupSyntax) -> MacroIsolation {
        if declaration.is(ActorDeclSyntax.self) { return .actor }
        for attribute in declaration.attributes.compactMap({ $0.as(AttributeSyntax.self) }) where attribute.arguments == nil {
            let name = attribute.attributeName.trimmedDescription
            if name == "MainActor" { return .mainActor }
            if name.hasSuffix("Actor") { return .globalActor(name) }
        }
        return .nonisolated
    }

    /// Whether the type declares `Sendable` (or `@unchecked Sendable`) among what it inherits.
    private static func isSendable(_ declaration: some DeclGroupSyntax) -> Bool {
        declaration.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription.hasSuffix("Sendable") } ?? false
    }

    /// The type's name when `@Component` can register it, a non-generic
    /// class, struct or actor; otherwise why not. The member expansion reports it.
    private static func registrable(_ declaration: some DeclGroupSyntax, _ node: AttributeSyntax) -> Registrable {
        let name: String
        let generics: GenericParameterClauseSyntax?
        if let declared = declaration.as(ClassDeclSyntax.self) {
            (name, generics) = (declared.name.text, declared.genericParameterClause)
        } else if let declared = declaration.as(StructDeclSyntax.self) {
            (name, generics) = (declared.name.text, declared.genericParameterClause)
        } else if let declared = declaration.as(ActorDeclSyntax.self) {
            (name, generics) = (declared.name.text, declared.genericParameterClause)
        } else {
            return .refused(Diagnostic(node: node, message: ComponentDiagnostic.notAClassOrStruct))
        }
        if let generics {
            return .refused(Diagnostic(node: generics, message: ComponentDiagnostic.genericType))
        }
        return .named(name)
    }

    /// Whether `@Component` can register a declaration: its name, or the diagnostic that says why not.
    private enum Registrable {
        case named(String)
        case refused(Diagnostic)
    }
}
