/// Every check that needs no registry, for every environment: what
/// `factory validate` runs.
///
/// For each environment it resolves the assemblies' `property-placeholder`
/// locations (which may use `${env}` and overrides), stacks that
/// environment's configuration, and runs ``ConfigurationValidator`` and
/// ``AssemblyValidator``. Problems that every environment shares are reported
/// once, without an environment. With no `property-placeholder` anywhere,
/// every base file of the config root is used.
///
/// ```swift
/// let loaded = AssemblyLoader.load(paths: ["Assemblies"])
/// let loader = ConfigurationLoader(root: try ConfigRoot.scan("Config"))
/// let report = RegistryFreeValidator.validate(loaded, loader: loader, environments: ["test", "production"])
/// ```
public enum RegistryFreeValidator {
    /// Every registry-free check of `loaded`, for each of `environments` (nil: base files only), merged.
    public static func validate(
        _ loaded: AssemblyLoader.Loading, loader: ConfigurationLoader, environments: [String?]
    ) -> DiagnosticReport {
        validate(loaded, loader: loader, environments: environments) { configuration in
            AssemblyValidator.check(loaded.assemblies, configuration: configuration, knownEnvironments: loader.root.environments)
        }
    }

    /// The same, with `checkAssemblies` in place of ``AssemblyValidator``
    /// for each environment whose configuration loads.
    static func validate(
        _ loaded: AssemblyLoader.Loading, loader: ConfigurationLoader, environments: [String?],
        checkAssemblies: (Configuration) -> [Diagnostic]
    ) -> DiagnosticReport {
        var perEnvironment: [(environment: String?, report: DiagnosticReport)] = []
        for environment in environments {
            switch configuration(for: environment, assemblies: loaded.assemblies, loader: loader) {
            case .failure(let report):
                perEnvironment.append((environment, report))
            case .success(let configuration):
                let diagnostics = ConfigurationValidator.check(configuration) + checkAssemblies(configuration)
                perEnvironment.append((environment, DiagnosticReport(diagnostics)))
            }
        }
        let merged = DiagnosticReport.merging(environments: perEnvironment)
        return DiagnosticReport(loaded.assemblies.diagnostics + merged.diagnostics)
    }

    /// The configuration that the assemblies declare for `environment`.
    public static func configuration(
        for environment: String?, assemblies: AssemblySet, loader: ConfigurationLoader
    ) -> Result<Configuration, DiagnosticReport> {
        let declared = assemblies.placeholderLocations
        var locations: [AttributeValue]?
        if !declared.isEmpty {
            // Locations may hold placeholders, answered by the layers above the files.
            let bootstrap: Configuration
            do {
                bootstrap = try loader.load(environment: environment, locations: [])
            } catch {
                return .failure(error)
            }
            var resolver = PlaceholderResolver(configuration: bootstrap)
            var resolved: [AttributeValue] = []
            var problems: [Diagnostic] = []
            for location in declared {
                do {
                    resolved.append(AttributeValue(try resolver.resolve(location.text, at: location.location), at: location.location))
                } catch {
                    problems.append(error)
                }
            }
            guard problems.isEmpty else { return .failure(DiagnosticReport(problems)) }
            locations = resolved
        }
        return Result { () throws(DiagnosticReport) in try loader.load(environment: environment, locations: locations) }
    }
}
