import ComponentFactory

/// Builds an isolated factory for a test: its own assemblies, its own
/// configuration for one environment (`test` unless told), and nothing from
/// outside the test: environment variables are not read, and no state is
/// shared with any other factory.
///
/// `overrides` win over every .properties file, like `--set`; a `patcher`
/// swaps components for doubles before anything is built.
///
/// ```swift
/// let factory = try TestFactory.make(
///     registry: HumanResourcesRegistry.make(), assemblies: ["Assemblies/HumanResources.xml"],
///     overrides: ["employee.store.class": "SQLiteEmployeeStore"])
/// let report = try factory.component(forKey: "salaryReport", as: SalaryReport.self)
/// ```
///
/// Problems in the assemblies or the configuration are thrown together as
/// a ``DiagnosticReport``, each with its file:line.
public enum TestFactory {
    public static func make(
        registry: ComponentRegistry, assemblies: [String], config: String = "Config", environment: String = "test",
        overrides: [String: String] = [:], patcher: Patcher? = nil
    ) throws -> Factory {
        let loaded = AssemblyLoader.load(paths: assemblies, checkSchema: false)
        let problems = (loaded.unreadable + loaded.diagnostics).filter { $0.severity == .error }
        guard problems.isEmpty else { throw DiagnosticReport(problems) }

        let root = try ConfigRoot.scan(config)
        try root.checkEnvironment(environment)
        let loader = ConfigurationLoader(root: root, environmentVariables: nil, overrides: overrides)
        let configuration = try RegistryFreeValidator.configuration(for: environment, assemblies: loaded.assemblies, loader: loader).get()
        if let patcher {
            return try patcher.load(assemblies: loaded.assemblies, configuration: configuration, registry: registry)
        }
        return try Factory(assemblies: loaded.assemblies, configuration: configuration, registry: registry)
    }
}
