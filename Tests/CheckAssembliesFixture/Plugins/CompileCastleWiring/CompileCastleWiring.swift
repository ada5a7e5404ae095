import Foundation
import PackagePlugin

/// The castle's own build-tool plugin for compiled wiring: applied to the target
/// the wiring compiles into, it runs the castle's tool (which has the registry)
/// on every build where an assembly or a `.properties` file changed. The tool
/// rewrites a file only when its bytes change, so a `.properties` edit that
/// changes no structural key compiles no Swift.
///
/// An app copies this file, naming its own tool, directories and type: a
/// plugin runs only the tools it depends on, and only the app's tool has its registry.
@main
struct CompileCastleWiring: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let app = context.package.directoryURL.appending(path: "Sources/Castle")
        let assemblies = app.appending(path: "Assemblies")
        let config = app.appending(path: "Config")
        let inputs = try [assemblies, config].flatMap { directory in
            try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { ["xml", "properties"].contains($0.pathExtension) }
        }
        let output = context.pluginWorkDirectoryURL
        let name = "CastleWiring"
        return [.buildCommand(
            displayName: "Compiling the wiring of Castle for every environment",
            executable: try context.tool(named: "castle-tool").url,
            arguments: ["compile-wiring", assemblies.path, "--config", config.path, "--output", output.path, "--name", name,
                        "--public", "--module", target.name, "--one-file"],
            inputFiles: inputs,
            outputFiles: [output.appending(path: "\(name).swift"), output.appending(path: "\(name).Components.swift")])]
    }
}
