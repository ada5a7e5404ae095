import ArgumentParser
@_spi(Tooling) import ComponentFactory

/// The options every configuration-reading command shares.
struct ConfigurationOptions: ParsableArguments {
    @Option(name: .long, help: "The config root: base .properties files and their -<env> overlays. Default: the tool's own (Config).")
    var config: String?

    @Option(name: .customLong("set"), help: "Override a property; later wins. Repeatable.")
    var overrides: [KeyValueArgument] = []

    @Flag(name: .customLong("environment-variables"),
          help: "Let environment variables override properties (DB_URL supplies db.url).")
    var useEnvironmentVariables = false

    /// The loader of `root` with these options. With `treeValues` false, a
    /// config tree's keys are known by its files' names and no value is read
    /// (what `factory validate`, with no registry to convert values, and the manifest need).
    func loader(root: ConfigRoot, environment: ToolEnvironment, treeValues: Bool = true) -> ConfigurationLoader {
        var loader = ConfigurationLoader(
            root: root,
            environmentVariables: useEnvironmentVariables ? environment.variables : nil,
            overrides: KeyValueArgument.dictionary(overrides))
        loader.readsConfigTreeValues = treeValues
        return loader
    }

    /// Scans the config root (`--config`, or the tool's default); a missing root is an unreadable input.
    func scanRoot(in environment: ToolEnvironment) -> Result<ConfigRoot, ToolFailure> {
        let path = config ?? environment.defaultConfig
        return Result { () throws(Diagnostic) in try ConfigRoot.scan(path) }
            .mapError { ToolFailure(status: ToolResult.usageOrUnreadable, diagnostics: [$0]) }
    }

    /// The configuration that `assemblies` declare for `env`, once the config
    /// root is scanned and found to have that environment. With
    /// `requiringEnvironment`, no `env` is a usage error when the root has any.
    func configuration(for env: String?, assemblies: AssemblySet, environment: ToolEnvironment,
                       requiringEnvironment: Bool = false) -> Result<Configuration, ToolFailure> {
        scanRoot(in: environment).flatMap { root in
            if requiringEnvironment && env == nil && !root.environments.isEmpty {
                return .failure(ToolFailure(usage: "choose an environment with --env: " + root.environments.joined(separator: ", ")))
            }
            if let failure = Self.checkEnvironments(env.map { [$0] } ?? [], in: root) { return .failure(failure) }
            let loader = loader(root: root, environment: environment)
            return Result { () throws(DiagnosticReport) in try loader.configuration(declaredBy: assemblies, environment: env) }
                .mapError { ToolFailure(report: $0) }
        }
    }

    /// Checks that `names` are environments of `root`, with a suggestion if not.
    static func checkEnvironments(_ names: [String], in root: ConfigRoot) -> ToolFailure? {
        for name in names {
            do {
                try root.checkEnvironment(name)
            } catch {
                return ToolFailure(usage: error.message)
            }
        }
        return nil
    }
}
