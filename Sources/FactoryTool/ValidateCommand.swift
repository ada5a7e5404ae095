import ArgumentParser
import ComponentFactory

/// `factory validate [PATH…] [--config DIR] [--env NAME…] [--set K=V…] [--format text|json]`
///
/// Runs every registry-free check for each environment and ends with the
/// summary line `N errors, M warnings in A assemblies, E environments`.
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

    func execute(in environment: ToolEnvironment) -> ToolResult {
        let loaded: AssemblyLoader.Loading
        switch AssemblyPaths.load(paths) {
        case .failure(let failure): return failure.result
        case .success(let value): loaded = value
        }
        let root: ConfigRoot
        switch options.scanRoot() {
        case .failure(let failure): return failure.result
        case .success(let scanned): root = scanned
        }
        if let failure = ConfigurationOptions.checkEnvironments(env, in: root) { return failure.result }
        let environments: [String?] = env.isEmpty ? (root.environments.isEmpty ? [nil] : root.environments) : env
        let report = RegistryFreeValidator.validate(
            loaded, loader: options.loader(root: root, environment: environment), environments: environments)
        let assemblies = loaded.assemblies.documents.count
        let summary = Self.summary(report, assemblies: assemblies, environments: environments.count)
        let status = report.hasErrors ? ToolResult.errorsFound : ToolResult.success
        switch format {
        case .text:
            let note = assemblies == 0 ? "note: no assemblies found\n" : ""
            return ToolResult(status: status, standardOutput: DiagnosticRenderer.text(report) + note + summary + "\n")
        case .json:
            return ToolResult(status: status, standardOutput: DiagnosticRenderer.json(report) + "\n", standardError: summary + "\n")
        }
    }

    static func summary(_ report: DiagnosticReport, assemblies: Int, environments: Int) -> String {
        func counted(_ count: Int, _ singular: String, _ plural: String) -> String {
            "\(count) \(count == 1 ? singular : plural)"
        }
        return "\(counted(report.errorCount, "error", "errors")), \(counted(report.warningCount, "warning", "warnings")) in "
            + "\(counted(assemblies, "assembly", "assemblies")), \(counted(environments, "environment", "environments"))"
    }
}
