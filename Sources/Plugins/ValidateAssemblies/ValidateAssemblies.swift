import Foundation
import PackagePlugin

/// The command plugin for the registry-aware checks:
/// `swift package validate-assemblies --tool <app's tool product> [validate's own arguments…]`
/// builds the app's own tool (made with `FactoryTool.main(registry:)`) and
/// runs its `validate` in the package's directory, passing on the rest of
/// the arguments (`--dry-run`, `--env production`, paths). Its exit status
/// is the tool's: 1 when something is an error.
@main
struct ValidateAssemblies: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        guard let tool = extractor.extractOption(named: "tool").first else {
            Diagnostics.error("validate-assemblies needs --tool <the app's own tool product>, the executable made with "
                                  + "FactoryTool.main(registry:)")
            throw ValidationFailed(status: 2)
        }
        let built = try packageManager.build(.product(tool), parameters: .init(configuration: .debug, logging: .concise))
        guard built.succeeded, let executable = built.builtArtifacts.first(where: { $0.kind == .executable }) else {
            Diagnostics.error("building '\(tool)' failed:\n\(built.logText)")
            throw ValidationFailed(status: 2)
        }
        let process = Process()
        process.executableURL = executable.url
        process.arguments = ["validate"] + extractor.remainingArguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("\(tool) validate failed (exit \(process.terminationStatus)): see above")
            throw ValidationFailed(status: process.terminationStatus)
        }
    }
}

/// The app's tool reported errors, or could not be built or run.
struct ValidationFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "validate-assemblies failed (exit \(status))" }
}
