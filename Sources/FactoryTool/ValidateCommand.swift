import ArgumentParser
@_spi(Tooling) import ComponentFactory

/// `factory validate [PATH…] [--config DIR] [--env NAME…] [--set K=V…] [--format text|json]`
///
/// Runs every registry-free check for each environment and ends with the
/// summary line `N errors, M warnings in A assemblies, E environments`. In an
/// app's own tool, with its registry, the registry-aware checks run too, and
/// `--dry-run` builds every non-lazy component.
struct ValidateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check assemblies and configuration for every environment.")

    @Argument(help: "Assembly files or directories of them. Default: Assemblies.")
    var paths: [String] = []

    @OptionGroup var options: ConfigurationOptions

    @Option(name: .long, help: "Check only these environments (repeatable). Default: every one in the config root.")
    var env: [String] = []

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    @Flag(name: .customLong("dry-run"), help: "Also build every non-lazy component (needs the app's registry).")
    var dryRun = false

    func execute(in environment: ToolEnvironment) async -> ToolResult {
        let loaded: AssemblyLoader.Loading
        switch AssemblyPaths.load(paths, defaults: environment.defaultAssemblies) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        let root: ConfigRoot
        switch options.scanRoot(in: environment) {
        case .failure(let failure): return failure.result
        case .success(let scanned): root = scanned
        }
        if let failure = ConfigurationOptions.checkEnvironments(env, in: root) { return failure.result }
        let environments: [String?] = env.isEmpty ? (root.environments.isEmpty ? [nil] : root.environments) : env
        if dryRun && environment.registry == nil {
            return ToolFailure(usage: "--dry-run builds components, so it needs the app's registry: run the app's own tool "
                                   + "(FactoryTool.main(registry:))").result
        }
        let report = await EnvironmentBuild.validate(loaded.assemblies,
                                                          loader: options.loader(root: root, environment: environment,
                                                                                 treeValues: environment.registry != nil),
                                                          environments: environments, registry: environment.registry, dryRun: dryRun)
        let assemblies = loaded.assemblies.documents.count
        let summary = Self.summary(report, assemblies: assemblies, environments: environments.count)
        switch format {
        case .text:
            let note = assemblies == 0 ? "note: no assemblies found\n" : ""
            return ToolResult(status: Self.status(of: report), standardOutput: DiagnosticRenderer.text(report) + note + summary + "\n")
        case .json:
            return ToolResult(status: Self.status(of: report), standardOutput: DiagnosticJSON.render(report) + "\n",
                              standardError: summary + "\n")
        }
    }

    /// 2 when an input cannot be read (a `location=` file that is missing
    /// or unreadable), else 1 when anything is an error, else 0.
    static func status(of report: DiagnosticReport) -> Int32 {
        if report.diagnostics.contains(where: { $0.code == .propertiesNotFound }) { return ToolResult.usageOrUnreadable }
        return report.hasErrors ? ToolResult.errorsFound : ToolResult.success
    }

    static func summary(_ report: DiagnosticReport, assemblies: Int, environments: Int) -> String {
        func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
            "\(count) \(count == 1 ? singular : plural)"
        }
        return "\(counted(report.errorCount, "error", "errors")), \(counted(report.warningCount, "warning", "warnings")) in "
            + "\(counted(assemblies, "assembly", "assemblies")), \(counted(environments, "environment", "environments"))"
    }
}
