import ArgumentParser
import ComponentFactory
import Foundation

/// `factory validate [PATH…] [--config DIR] [--env NAME…] [--set K=V…] [--format text|json]`
///
/// Runs every registry-free check for each environment and ends with the
/// summary line `N errors, M warnings in A assemblies, E environments`.
struct ValidateCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check assemblies and configuration for every environment.")

    @Argument(help: "Assembly files or directories of them.")
    var paths: [String] = []

    @OptionGroup var options: ConfigurationOptions

    @Option(name: .long, help: "Check only these environments (repeatable). Default: every one in the config root.")
    var env: [String] = []

    @Option(help: "text or json.")
    var format: OutputFormat = .text

    func execute(in environment: ToolEnvironment) -> ToolResult {
        let assemblies: [String]
        switch assemblyFiles() {
        case .failure(let failure): return failure.result
        case .success(let files): assemblies = files
        }
        guard assemblies.isEmpty else {
            return ToolFailure(usage: "found \(assemblies.count) assembly file(s), but this build cannot read assemblies yet").result
        }
        let root: ConfigRoot
        switch options.scanRoot() {
        case .failure(let failure): return failure.result
        case .success(let scanned): root = scanned
        }
        if let failure = ConfigurationOptions.checkEnvironments(env, in: root) { return failure.result }
        let environments: [String?] = env.isEmpty ? (root.environments.isEmpty ? [nil] : root.environments) : env
        let loader = options.loader(root: root, environment: environment)
        var perEnvironment: [(environment: String?, report: DiagnosticReport)] = []
        for name in environments {
            do {
                let configuration = try loader.load(environment: name)
                perEnvironment.append((name, DiagnosticReport(ConfigurationValidator.check(configuration))))
            } catch {
                perEnvironment.append((name, error))
            }
        }
        let report = DiagnosticReport.merging(environments: perEnvironment)
        let summary = Self.summary(report, assemblies: assemblies.count, environments: environments.count)
        let status = report.hasErrors ? ToolResult.errorsFound : ToolResult.success
        switch format {
        case .text:
            let note = assemblies.isEmpty ? "note: no assemblies yet\n" : ""
            return ToolResult(status: status, standardOutput: DiagnosticRenderer.text(report) + note + summary + "\n")
        case .json:
            return ToolResult(status: status, standardOutput: DiagnosticRenderer.json(report) + "\n", standardError: summary + "\n")
        }
    }

    /// `.xml` files under the given paths. The default `Assemblies` may be
    /// absent; a path that was named must exist.
    private func assemblyFiles() -> Result<[String], ToolFailure> {
        let named = !paths.isEmpty
        var files: [String] = []
        for path in named ? paths : ["Assemblies"] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if named { return .failure(ToolFailure(usage: "no such assembly file or directory: '\(path)'")) }
                continue
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let children = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            files += children.filter { $0.hasSuffix(".xml") }.sorted().map { path + "/" + $0 }
        }
        return .success(files)
    }

    static func summary(_ report: DiagnosticReport, assemblies: Int, environments: Int) -> String {
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        return "\(counted(report.errorCount, "error")), \(counted(report.warningCount, "warning")) in "
            + "\(counted(assemblies, "assembly").replacingOccurrences(of: "assemblys", with: "assemblies")), "
            + counted(environments, "environment")
    }
}
