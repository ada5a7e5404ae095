import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Component`: writes `SelfRegistering` for a class or a struct from its
/// own declarations. See `ComponentFactoryMacros`' `Component(name:conformsTo:)`.
public struct ComponentMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let name: String
        let generics: GenericParameterClauseSyntax?
        if let declared = declaration.as(ClassDeclSyntax.self) {
            (name, generics) = (declared.name.text, declared.genericParameterClause)
        } else if let declared = declaration.as(StructDeclSyntax.self) {
            (name, generics) = (declared.name.text, declared.genericParameterClause)
        } else {
            context.diagnose(Diagnostic(node: node, message: ComponentDiagnostic.notAClassOrStruct))
            return []
        }
        if let generics {
            context.diagnose(Diagnostic(node: generics, message: ComponentDiagnostic.genericType))
            return []
        }
        let typeName = type.trimmedDescription
        var reader = MemberReader(typeName: typeName)
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
        let conformance = protocols.isEmpty ? "" : ": ComponentFactory.SelfRegistering"
        let body = reader.statements.map { "        " + $0 }.joined(separator: "\n")
        let text: DeclSyntax = """
            extension \(raw: typeName)\(raw: conformance) {
                \(raw: access)static var registeredName: String { \(raw: registeredName) }
                \(raw: access)static var registeredConformances: [Any.Type] { \(raw: conformances) }
                \(raw: access)static func register(in builder: inout ComponentFactory.RegistrationBuilder<\(raw: typeName)>) {
            \(raw: body)
                }
            }
            """
        guard let extensionDecl = text.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }
}
