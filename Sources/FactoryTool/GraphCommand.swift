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
        switch AssemblyPaths.load(paths, defaults: environment.defaultAssemblies) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        if loaded.diagnostics.contains(where: { $0.severity == .error }) {
            return ToolFailure(status: ToolResult.errorsFound, diagnostics: loaded.diagnostics).result
        }
        var resolver: PlaceholderResolver?
        if let env {
            let root: ConfigRoot
            switch options.scanRoot() {
            case .failure(let failure): return failure.result
            case .success(let scanned): root = scanned
            }
            if let failure = ConfigurationOptions.checkEnvironments([env], in: root) { return failure.result }
            switch RegistryFreeValidator.configuration(for: env, assemblies: loaded.assemblies,
                                                       loader: options.loader(root: root, environment: environment)) {
            case .failure(let report): return ToolFailure(report: report).result
            case .success(let configuration): resolver = PlaceholderResolver(configuration: configuration)
            }
        }
        let graph = DependencyGraph(assemblies: loaded.assemblies, environment: env, resolver: resolver)
        return ToolResult(status: ToolResult.success, standardOutput: format == .dot ? graph.dot() : graph.json())
    }
}
