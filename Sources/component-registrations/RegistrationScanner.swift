import SwiftParser
import SwiftSyntax

/// Finds the `@Component` and `@Settings` types of one source file, with
/// their names qualified by the types and extensions they are nested in.
/// SwiftSyntax walks the tree with its own explicit stack, so a deeply
/// nested file costs no recursion of ours.
final class RegistrationScanner: SyntaxVisitor {
    private(set) var found: [RegisteredType] = []
    /// Why a marked type was left out: a warning for the build log.
    private(set) var skipped: [String] = []
    private let file: String
    private let converter: SourceLocationConverter
    /// The names of the types and extensions around the node being visited.
    private var enclosing: [String] = []

    init(file: String, tree: SourceFileSyntax) {
        self.file = file
        converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    /// The marked types of `text`, read as the file `file`.
    static func scan(_ text: String, file: String) -> (found: [RegisteredType], skipped: [String]) {
        let tree = Parser.parse(source: text)
        let scanner = RegistrationScanner(file: file, tree: tree)
        scanner.walk(tree)
        return (scanner.found, scanner.skipped)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.attributes, node.modifiers, node.genericParameterClause, node.inheritanceClause, node)
    }

    override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.attributes, node.modifiers, node.genericParameterClause, node.inheritanceClause, node)
    }

    override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.name.text, node.attributes, node.modifiers, node.genericParameterClause, node.inheritanceClause, node)
    }

    override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosing.append(node.name.text)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enclosing.append(node.extendedType.trimmedDescription)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }

    /// Code inside functions and closures declares no type the module can name.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    private func enter(_ name: String, _ attributes: AttributeListSyntax, _ modifiers: DeclModifierListSyntax,
                       _ generics: GenericParameterClauseSyntax?, _ inheritance: InheritanceClauseSyntax?,
                       _ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        enclosing.append(name)
        let kind: RegisteredType.Kind? = Self.has("Component", attributes) ? .component : Self.has("Settings", attributes) ? .settings : nil
        guard let kind else { return .visitChildren }
        let qualified = enclosing.joined(separator: ".")
        let line = node.startLocation(converter: converter).line
        let location = "\(file):\(line)"
        if modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) {
            skipped.append("\(location): warning: \(qualified) is private, so the generated registerComponents() cannot name it; "
                           + "register it by hand")
        } else if generics != nil {
            skipped.append("\(location): warning: \(qualified) is generic: register each specialization by hand")
        } else {
            found.append(RegisteredType(name: qualified, kind: kind,
                                        inherited: inheritance?.inheritedTypes.first?.type.trimmedDescription, location: location))
        }
        return .visitChildren
    }

    /// Whether `attributes` holds `@name` or `@name(…)`, also as `@ComponentFactoryMacros.name`.
    private static func has(_ name: String, _ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return false }
            let written = attribute.attributeName.trimmedDescription
            return written == name || written == "ComponentFactoryMacros.\(name)"
        }
    }
}
