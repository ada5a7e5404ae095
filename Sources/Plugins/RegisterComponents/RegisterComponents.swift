import Foundation
import PackagePlugin

/// The build-tool plugin that registers a target's types in one call:
/// applied to a target, it reads the target's Swift sources on each build
/// where one of them changed, and compiles into the target an extension
/// with `registerComponents()`, which registers every `@Component` type (a
/// subclass after its superclass, `inheriting:` it) and every `@Settings`
/// type. No runtime reflection: the list is made at build time.
///
/// ```swift
/// var registry = ComponentRegistry()
/// try registry.registerComponents()
/// ```
///
/// It builds swift-syntax's parser, which the macros build already.
@main
struct RegisterComponents: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "ComponentRegistrations.swift")
        return [.buildCommand(displayName: "Finding the @Component and @Settings types of \(target.name)",
                              executable: try context.tool(named: "component-registrations").url,
                              arguments: ["--output", output.path] + sources.map(\.path),
                              inputFiles: sources, outputFiles: [output])]
    }
}
