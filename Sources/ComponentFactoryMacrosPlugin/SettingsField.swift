import SwiftSyntax

/// One stored property of a `@Settings` struct, as the binding reads it:
/// its name, its key, its declared type (nil when Swift infers it from the
/// default), its default as written, and the constraints its attributes declare.
struct SettingsField {
    var name: String
    var key: String
    var type: TypeSyntax?
    var defaultValue: ExprSyntax?
    var constraints: [String]
    /// Where the property is declared: a file path and a line, as Swift literals.
    var declaration: (file: String, line: String)?

    /// Whether the declared type is optional: `T?`, `T!` or `Optional<T>`.
    var wrapped: TypeSyntax? {
        guard let type else { return nil }
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType }
        if let named = type.as(IdentifierTypeSyntax.self), named.name.text == "Optional",
           let argument = named.genericArgumentClause?.arguments.first {
            return TypeSyntax(stringLiteral: argument.argument.trimmedDescription)
        }
        return nil
    }

    /// The binder's call that binds the field into a local of its name.
    var binding: String {
        var call = wrapped == nil ? "binder.field(" : "binder.optionalField("
        call += "\(literal(name)), key: \(literal(key))"
        if let bound = wrapped ?? type { call += ", as: (\(bound.trimmedDescription)).self" }
        if let defaultValue {
            call += ", default: \(defaultValue.trimmedDescription), written: \(literal(defaultValue.trimmedDescription))"
        }
        if !constraints.isEmpty { call += ", constraints: [\(constraints.joined(separator: ", "))]" }
        if let declaration {
            call += ", declaredAt: ComponentFactory.SourceLocation(file: \(declaration.file), line: \(declaration.line))"
        }
        return "let \(name) = \(call))"
    }

    /// A property name as a key, in kebab case, as Spring Boot writes its keys: `maxConnections` is
    /// `max-connections`, `dbURL` is `db-url`, and a run of capitals stays one word.
    static func kebabCase(_ name: String) -> String {
        let characters = Array(name)
        var key = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase && index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { key += "-" }
            }
            key += character.lowercased()
        }
        return key
    }

    private func literal(_ text: String) -> String {
        StringLiteralExprSyntax(content: text).description
    }
}
