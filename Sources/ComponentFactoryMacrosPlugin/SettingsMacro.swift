import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Settings(prefix:)`: makes a struct `Settings`, binding each stored
/// property from the key `<prefix>.<name in kebab case>` (or `@SettingKey`'s)
/// with the constraints that `@Within`, `@Matching`, `@NotEmpty` and `@OneOf`
/// declare on it. See `ComponentFactoryMacros`' `Settings(prefix:)`.
public struct SettingsMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: SettingsDiagnostic.notAStruct))
            return []
        }
        if let generics = structure.genericParameterClause {
            context.diagnose(Diagnostic(node: generics, message: SettingsDiagnostic.genericType))
            return []
        }
        var fields: [SettingsField] = []
        var problems: [Diagnostic] = []
        for member in structure.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            read(variable, into: &fields, problems: &problems, context: context)
        }
        for problem in problems {
            context.diagnose(problem)
        }
        guard problems.isEmpty else { return [] }
        let arguments = node.arguments?.as(LabeledExprListSyntax.self) ?? []
        let prefix = arguments.first { $0.label?.text == "prefix" }?.expression.trimmedDescription ?? "\"\""
        let access = structure.modifiers.contains { ["public", "package"].contains($0.name.text) }
            ? structure.modifiers.first { ["public", "package"].contains($0.name.text) }.map { $0.name.text + " " } ?? "" : ""
        var body = fields.map(\.binding)
        if !fields.isEmpty {
            body.append("guard " + fields.map { "let \($0.name)" }.joined(separator: ", ") + " else { throw binder.report }")
            body += fields.map { "self.\($0.name) = \($0.name)" }
        }
        let text: DeclSyntax = """
            extension \(raw: type.trimmedDescription): ComponentFactory.Settings {
                \(raw: access)static var prefix: String { \(raw: prefix) }
                \(raw: access)init(from binder: inout ComponentFactory.SettingsBinder) throws(ComponentFactory.DiagnosticReport) {
            \(raw: body.map { "        " + $0 }.joined(separator: "\n"))
                }
            }
            """
        return text.as(ExtensionDeclSyntax.self).map { [$0] } ?? []
    }

    /// The fields of one `var` or `let` declaration: its stored properties.
    private static func read(_ variable: VariableDeclSyntax, into fields: inout [SettingsField], problems: inout [Diagnostic],
                             context: some MacroExpansionContext) {
        guard !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { return }
        let isConstant = variable.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in variable.bindings {
            if let accessors = binding.accessorBlock?.accessors {
                // Observers keep a property stored; anything else computes it.
                guard case .accessors(let list) = accessors,
                      list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) }) else { continue }
            }
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                problems.append(Diagnostic(node: binding.pattern, message: SettingsDiagnostic.notAnIdentifier))
                continue
            }
            if isConstant && binding.initializer != nil {
                problems.append(Diagnostic(node: variable.bindingSpecifier, message: SettingsDiagnostic.constantWithDefault))
                continue
            }
            let key = MemberReader.strings(of: "SettingKey", in: variable.attributes).first ?? SettingsField.kebabCase(name)
            let type = binding.typeAnnotation?.type ?? (binding.initializer == nil ? variable.bindings.last?.typeAnnotation?.type : nil)
            let place = context.location(of: binding.pattern, at: .afterLeadingTrivia, filePathMode: .filePath)
            fields.append(SettingsField(name: name, key: key, type: type, defaultValue: binding.initializer?.value,
                                        constraints: constraints(in: variable.attributes),
                                        declaration: place.map { ($0.file.trimmedDescription, $0.line.trimmedDescription) }))
        }
    }

    /// The constraints that the marker attributes declare, as the binder's expressions.
    private static func constraints(in attributes: AttributeListSyntax) -> [String] {
        attributes.compactMap { $0.as(AttributeSyntax.self) }.compactMap { attribute in
            let given = (attribute.arguments?.as(LabeledExprListSyntax.self) ?? []).map(\.expression.trimmedDescription).joined(separator: ", ")
            switch attribute.attributeName.trimmedDescription {
            case "Within": return ".within(\(given))"
            case "Matching": return ".matching(\(given))"
            case "NotEmpty": return ".notEmpty"
            case "OneOf": return ".oneOf(\(given))"
            default: return nil
            }
        }
    }
}
