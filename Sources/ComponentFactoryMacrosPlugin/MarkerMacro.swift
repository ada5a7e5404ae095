import SwiftSyntax
import SwiftSyntaxMacros

/// `@ComponentIgnored`, `@Callback`, `@Selector` and `@ClassMethod`, marks
/// that `@Component` reads on members; `@SettingKey`, `@Within`, `@Matching`,
/// `@NotEmpty` and `@OneOf`, which `@Settings` reads on fields. They expand to nothing themselves.
public struct MarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
