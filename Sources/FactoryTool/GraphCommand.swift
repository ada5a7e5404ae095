import ArgumentParser
@_spi(Tooling) import ComponentFactory

/// `factory graph [PATH…] [--config DIR] [--env NAME] [--set K=V…] [--format dot|json]`
///
/// Prints the components and every edge that building them uses, from the
/// same graph the checks walk: references (from properties, arguments and
/// collections), parents, factory components, `depends-on` and aliases. In
/// an app's own tool, with its registry, the edges that autowiring chose are
/// drawn too, marked as such. With `--env`, only that environment's
/// components, placeholders resolved; without, every component as written.
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
        let validation: EnvironmentBuild
        if env != nil {
            switch options.configuration(for: env, assemblies: loaded.assemblies, environment: environment) {
            case .failure(let failure): return failure.result
            case .success(let configuration):
                validation = EnvironmentBuild(assemblies: loaded.assemblies, configuration: configuration,
                                                   registry: environment.registry, drawsGraph: true)
            }
        } else {
            validation = EnvironmentBuild(assemblies: loaded.assemblies, configuration: Configuration(environment: nil, sources: []),
                                               registry: environment.registry, everyProfile: true, drawsGraph: true)
        }
        let graph = validation.graph
        return ToolResult(status: ToolResult.success, standardOutput: format == .dot ? GraphText.dot(graph) : GraphText.json(graph))
    }
}
