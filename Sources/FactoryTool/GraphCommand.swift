import ArgumentParser
import ComponentFactory

/// `factory graph [PATH…] [--config DIR] [--env NAME] [--set K=V…] [--format dot|json]`
///
/// Prints the components and what connects them: references (from
/// properties, arguments and collections), parents and factory components.
/// With `--env`, only that environment's components, with placeholders in
/// `class=` and `ref=` resolved.
struct GraphCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print the dependency graph of the assemblies as Graphviz dot or JSON.")

    @Argument(help: "Assembly files or directories of them. Default: Assemblies.")
    var paths: [String] = []

    @OptionGroup var options: ConfigurationOptions

    @Option(help: "The environment whose profiles and placeholders apply.")
    var env: String?

    @Option(help: "dot or json.")
    var format: GraphFormat = .dot

    func execute(in environment: ToolEnvironment) -> ToolResult {
        let loaded: AssemblyLoader.Loading
        switch AssemblyPaths.load(paths, defaults: environment.defaultAssemblies, requiringNoErrors: true) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        var resolver: PlaceholderResolver?
        if env != nil {
            switch options.configuration(for: env, assemblies: loaded.assemblies, environment: environment) {
            case .failure(let failure): return failure.result
            case .success(let configuration): resolver = PlaceholderResolver(configuration: configuration)
            }
        }
        let graph = DependencyGraph(assemblies: loaded.assemblies, environment: env, resolver: resolver)
        return ToolResult(status: ToolResult.success, standardOutput: format == .dot ? graph.dot() : graph.json())
    }
}
