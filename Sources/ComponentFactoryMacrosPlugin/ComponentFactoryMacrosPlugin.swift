import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin of `ComponentFactoryMacros`: only apps that import
/// that product build it and swift-syntax.
@main
struct ComponentFactoryMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [ComponentMacro.self, MarkerMacro.self, SettingsMacro.self]
}
