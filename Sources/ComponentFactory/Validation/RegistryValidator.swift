/// Every check an app with a registry can run, for every environment, in
/// one run: the registry-free ones of ``RegistryFreeValidator``, and
/// compiling the assemblies against the registry as a factory would, for
/// every definition that the registry-free errors leave intact. That finds
/// `unknown-class`, `unknown-initializer`, `missing-argument`,
/// `unknown-property`, `unknown-callback`, `conversion`, `type-mismatch`,
/// `ambiguous-type` and `no-component-for-type`, without building anything
/// but the type converters and post-processors an assembly declares. A
/// selector the registry does not have is `unknown-initializer`, and its
/// arguments' names are not checked against it.
///
/// With `dryRun`, it then builds a factory and every non-lazy component, and
/// reports what fails to build as `build-failed`.
///
/// ```swift
/// let report = RegistryValidator.validate(loaded, loader: loader, environments: ["test", "production"],
///                                         registry: AppRegistry.make(), dryRun: true)
/// ```
public enum RegistryValidator {
    /// Every check, the registry's included, for each of `environments`; with `dryRun`, also builds every non-lazy component.
    public static func validate(
        _ loaded: AssemblyLoader.Loading, loader: ConfigurationLoader, environments: [String?],
        registry: ComponentRegistry, dryRun: Bool = false
    ) -> DiagnosticReport {
        RegistryFreeValidator.validate(loaded, loader: loader, environments: environments) { configuration in
            check(loaded.assemblies, configuration: configuration, registry: registry, dryRun: dryRun,
                  knownEnvironments: loader.root.environments)
        }
    }

    /// Every check of the assemblies in one environment, registry-free and
    /// registry-aware (not the set's reading problems, nor the configuration's).
    public static func check(
        _ assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry, dryRun: Bool = false,
        knownEnvironments: [String] = []
    ) -> [Diagnostic] {
        let diagnosis = FactoryBlueprint.diagnose(assemblies, configuration: configuration, registry: registry,
                                                  knownEnvironments: knownEnvironments)
        guard dryRun, let blueprint = diagnosis.blueprint, assemblies.readingErrors.isEmpty else { return diagnosis.diagnostics }
        let factory = Factory(table: blueprint.table, seeded: blueprint.seeded)
        var diagnostics: [Diagnostic] = []
        var failedKeys = Set<String>()
        for plan in blueprint.table.plans where !plan.isLazy {
            do {
                _ = try factory.component(forKey: plan.key)
            } catch let failure as ComponentBuildFailure {
                // Reported once, at the component whose code failed, not again at each one that needs it.
                if failedKeys.insert(failure.key).inserted { diagnostics.append(failure.diagnostic) }
            } catch {
                diagnostics += DiagnosticReport(describing: error, at: plan.location).diagnostics
            }
        }
        try? factory.shutdown()
        var seen = Set<Diagnostic>()
        return diagnosis.diagnostics + diagnostics.filter { seen.insert($0).inserted }
    }
}
