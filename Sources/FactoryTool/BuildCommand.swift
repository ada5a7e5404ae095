import ArgumentParser
@_spi(Tooling) import ComponentFactory

/// `build [PATH…] --env NAME [--config DIR] [--set K=V…] [--format text|json]`
///
/// Only in an app's own tool: builds a factory for the environment with the
/// app's registry, resolves every component (through the async lookup, so
/// that main-actor, actor and async components are built too), and prints
/// each one with its type, scope, isolation, dependencies, what makes it
/// suspend, and description. Problems print as
/// diagnostics, exit 1.
struct BuildCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build every component for one environment with the app's registry, and print the graph.")

    @Argument(help: "Assembly files or directories of them. Default: Assemblies.")
    var paths: [String] = []

    @OptionGroup var options: ConfigurationOptions

    @Option(help: "The environment to build.")
    var env: String?

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func execute(in environment: ToolEnvironment) async -> ToolResult {
        guard let registry = environment.registry else {
            return ToolFailure(usage: "build needs the app's registry: run the app's own tool (FactoryTool.main(registry:))").result
        }
        let loaded: AssemblyLoader.Loading
        switch AssemblyPaths.load(paths, defaults: environment.defaultAssemblies, requiringNoErrors: true) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        let configuration: Configuration
        switch options.configuration(for: env, assemblies: loaded.assemblies, environment: environment,
                                     requiringEnvironment: true) {
        case .failure(let failure): return failure.result
        case .success(let value): configuration = value
        }
        do {
            // The async lookup builds every component, those that suspend (async, main-actor, actor) too.
            let factory = try await Factory.loadAsync(assemblies: loaded.assemblies, configuration: configuration,
                                                      registry: registry).factory
            var built: [(description: ComponentDescription, instance: String)] = []
            for description in factory.descriptions {
                built.append((description, String(describing: try await factory.async.component(forKey: description.key))))
            }
            try await factory.async.shutdown()
            return ToolResult(status: ToolResult.success, standardOutput: render(built))
        } catch {
            return ToolFailure(status: ToolResult.errorsFound, diagnostics: error.diagnostics).result
        }
    }

    private func render(_ built: [(description: ComponentDescription, instance: String)]) -> String {
        switch format {
        case .text:
            var lines = ["environment: \(env ?? "none")"]
            for (description, instance) in built {
                let isolation = description.isolation == .nonisolated ? "" : ", \(description.isolation)"
                lines.append("\(description.key): \(description.typeName) (\(description.scope.rawValue)\(isolation)) = \(instance)")
                if !description.dependencies.isEmpty {
                    lines.append("  needs: " + description.dependencies.joined(separator: ", "))
                }
                if let suspension = description.suspension {
                    lines.append("  can suspend: " + suspension)
                }
            }
            return lines.joined(separator: "\n") + "\n\(built.count) component\(built.count == 1 ? "" : "s") built\n"
        case .json:
            let components = built.map { description, instance in
                "{\"key\":\(JSONText.quoted(description.key)),\"type\":\(JSONText.quoted(description.typeName)),"
                    + "\"scope\":\(JSONText.quoted(description.scope.rawValue)),"
                    + "\"isolation\":\(JSONText.quoted(description.isolation.description)),"
                    + "\"suspension\":\(description.suspension.map(JSONText.quoted) ?? "null"),"
                    + "\"dependencies\":[" + description.dependencies.map(JSONText.quoted).joined(separator: ",") + "],"
                    + "\"description\":\(JSONText.quoted(instance))}"
            }
            return "{\"environment\":" + (env.map(JSONText.quoted) ?? "null") + ",\"components\":[" + components.joined(separator: ",") + "]}\n"
        }
    }
}
