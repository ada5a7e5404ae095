import JavaProperties
/// The build of one environment: its assemblies and configuration, checked
/// and, with a registry, compiled into what a factory is made from. The one
/// driver that `factory validate`, an app's own tool, the language server
/// and `Factory.load` share, so that each of them sees the same problems.
///
/// In order, for the environment:
/// 1. the configuration the assemblies declare (their `location=` files and overlays);
/// 2. one ``PlaceholderResolver`` over it, which every later step shares;
/// 3. the configuration's own problems: duplicate keys, values whose placeholders do not resolve;
/// 4. the components active in the environment, with their parents folded in;
/// 5. with a registry, the type converters and post-processors that the
///    assemblies declare, compiled and built first, and the factory
///    post-processors' edits; then the registry's ``Settings`` types, bound
///    with those converters, and the service attributes resolved (`ServiceRules`);
/// 6. the checker-compiler's one pass over every definition, which with a
///    registry makes the plan table;
/// 6b. the service rules against the plans (no service needing a prototype
///     or a reloadable component), and no singleton needing a request
///     component (`ScopeWidening`);
/// 7. the keys that the `.properties` files set and that nothing read in
///    steps 3 to 6 (settings fields included) (``UnusedKeys``), when there is an assembly to read them.
///
/// A dry run, ``dryRun()``, then builds every non-lazy component from the
/// plans, awaiting those whose construction can suspend.
///
/// ```swift
/// let build = EnvironmentBuild(assemblies: loaded.assemblies, loader: loader, environment: "test",
///                                        registry: AppRegistry.make())
/// build.diagnostics  // every problem of "test", each once
/// ```
@_spi(Tooling)
public struct EnvironmentBuild: Sendable {
    /// The environment checked.
    public let environment: String?
    /// Its configuration; nil when it could not be loaded (see ``diagnostics``).
    public let configuration: Configuration?
    /// Every problem of the environment, in the order found; not the
    /// assembly set's own reading problems, which are the same in every environment.
    public let diagnostics: [Diagnostic]
    /// The components and every edge that building them uses; empty unless asked for with `drawsGraph`.
    public let graph: ComponentGraph
    /// Every key that something reads in the environment: the active
    /// components' placeholders, the values they read in turn, and the
    /// `<app-property>` keys (not prefixes), sorted: what an editor offers
    /// in a `.properties` file. Made when asked for.
    public var keysRead: [String] {
        keysReadInAnyOrder.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
    /// The same keys, unsorted: for a factory's record of its load, whose readers sort what they list.
    var keysReadInAnyOrder: [String] {
        Array(Set(read.map(\.text) + declaredKeys))
    }
    /// Every field of the registry's settings types, as bound in the environment.
    public let settingsFields: [SettingsField]
    /// What autowiring cost in the pass, counted: for the tests that show it linear.
    package let autowiring: AutowiringWork
    /// How many texts with placeholders the pass expanded: each once, for the tests that show it.
    package let expansions: Int
    private let read: Set<PropertyKey>
    private let declaredKeys: [String]
    /// With a registry, when nothing has an error: what a factory is made from.
    let blueprint: FactoryBlueprint?
    /// The factory whose components answer what this one's do not.
    private let parent: Factory?

    /// Checks `assemblies` for `environment`, with the configuration they declare there.
    public init(assemblies: AssemblySet, loader: ConfigurationLoader, environment: String?, registry: ComponentRegistry? = nil,
                drawsGraph: Bool = false) {
        self.init(assemblies: assemblies, loader: loader, environment: environment, registry: registry, parent: nil,
                  drawsGraph: drawsGraph)
    }

    init(assemblies: AssemblySet, loader: ConfigurationLoader, environment: String?, registry: ComponentRegistry?,
         parent: Factory?, drawsGraph: Bool = false) {
        do {
            let configuration = try loader.configuration(declaredBy: assemblies, environment: environment)
            self.init(assemblies: assemblies, configuration: configuration, registry: registry, parent: parent,
                      knownEnvironments: loader.root.environments, drawsGraph: drawsGraph)
        } catch {
            self.init(unloaded: environment, diagnostics: error.diagnostics)
        }
    }

    /// An environment whose configuration did not load, for `diagnostics`.
    private init(unloaded environment: String?, diagnostics: [Diagnostic]) {
        self.environment = environment
        self.configuration = nil
        self.diagnostics = diagnostics
        self.graph = ComponentGraph()
        self.read = []
        self.declaredKeys = []
        self.settingsFields = []
        self.autowiring = AutowiringWork()
        self.expansions = 0
        self.blueprint = nil
        self.parent = nil
    }

    /// Checks `assemblies` against `configuration`. With `everyProfile`,
    /// every component counts whatever its profile: the environment-free
    /// view of `factory graph` without `--env`. `knownEnvironments` are the
    /// config root's, which profile expressions should name. `drawsGraph`
    /// fills ``graph``, which only `factory graph` needs.
    public init(assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry? = nil,
                knownEnvironments: [String] = [], everyProfile: Bool = false, drawsGraph: Bool = false) {
        self.init(assemblies: assemblies, configuration: configuration, registry: registry, parent: nil,
                  knownEnvironments: knownEnvironments, everyProfile: everyProfile, drawsGraph: drawsGraph)
    }

    init(assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry?, parent: Factory?,
         knownEnvironments: [String] = [], everyProfile: Bool = false, drawsGraph: Bool = false) {
        environment = configuration.environment
        self.configuration = configuration
        var resolver = PlaceholderResolver(configuration: configuration)
        var diagnostics = configuration.problems(resolvingWith: &resolver)
        // What a `location=` names is read, though the files it lists could not answer it.
        for location in assemblies.placeholderLocations {
            _ = try? resolver.resolve(location.text, at: location.location)
        }

        let active = ProfileExpression.active(assemblies.components, environment: configuration.environment,
                                             knownEnvironments: knownEnvironments)
        diagnostics += active.diagnostics
        let written = everyProfile ? assemblies.components : active.definitions
        let parents = parent?.tables ?? []
        // One index of the keys, for inheritance and for the pass (unless a post-processor changes the definitions).
        let keys = DefinitionIndex(written, aliases: assemblies.aliases, outsideKeys: AssemblyCompiler.outsideKeys(parents))
        let inheritance = Inheritance(written, firstOfKey: keys.positionByKey, mergingProperties: registry != nil || drawsGraph)
        diagnostics += inheritance.diagnostics

        var compiler = AssemblyCompiler(written: written, built: inheritance.folded, aliases: assemblies.aliases,
                                        resolver: resolver, registry: registry, converters: registry?.converters ?? TypeConverters(),
                                        parents: parents, knownEnvironments: knownEnvironments, drawsGraph: drawsGraph,
                                        index: keys, brokenChains: inheritance.brokenChains)
        var stage = InfrastructureStage()
        if let registry {
            do {
                var infrastructure = Infrastructure()
                if let phase = compiler.compileInfrastructure() {
                    infrastructure = try Infrastructure.build(phase, environment: configuration.environment)
                    diagnostics += phase.diagnostics
                }
                stage.adopt(infrastructure, registry: registry)
                compiler.converters = stage.converters(registry.converters)
                var (edited, editedBuilt) = (compiler.written, compiler.built)
                if let failure = stage.postProcess(written: &edited, built: &editedBuilt) {
                    diagnostics.append(failure)
                    compiler.registry = nil
                } else if stage.isEdited {
                    compiler.replaceDefinitions(written: edited, built: editedBuilt)
                }
            } catch {
                diagnostics += error.diagnostics
                compiler.registry = nil
            }
        }

        let settings = BoundSettings(registry?.settingsTypes ?? [], resolver: &compiler.resolver, converters: compiler.converters)
        diagnostics += settings.diagnostics
        settingsFields = settings.fields
        compiler.settings = settings
        var services = ServiceRules(definitions: compiler.built, groups: assemblies.serviceGroups, resolver: &compiler.resolver)

        let compiled = compiler.compile()
        autowiring = compiled.autowiring
        expansions = compiled.expansions
        diagnostics += compiled.diagnostics
        let read = compiler.resolver.readKeys()
        // With no assembly, nothing could read a key: the configuration is checked alone.
        if !everyProfile && !assemblies.documents.isEmpty {
            diagnostics += UnusedKeys(read: read, declared: assemblies.appProperties,
                                      settingsPrefixes: registry?.settingsTypes.map { $0.prefix } ?? []).diagnostics(in: configuration)
        }
        self.read = read
        declaredKeys = assemblies.appProperties.filter { !$0.isPrefix }.map(\.name.text)
        var graph = compiled.graph

        let reloadable = Set(compiler.built.filter(\.isReloadable).compactMap { compiled.indexByKey[$0.key] })
            .filter { compiled.plans?[$0].scope == .singleton }
        let serviceTable = compiled.plans.map { services.table(for: $0, isService: registry?.isService, reloadable: reloadable) }
            ?? ServiceTable()
        diagnostics += services.diagnostics
        diagnostics += compiled.plans.map(ScopeWidening.diagnostics) ?? []
        let hasErrors = !assemblies.readingErrors.isEmpty || diagnostics.contains { $0.severity == .error }
        if let plans = compiled.plans, compiler.registry != nil, !hasErrors {
            let table = PlanTable(plans: plans, indexByKey: compiled.indexByKey,
                                  postProcessors: stage.componentPostProcessors, environment: configuration.environment,
                                  parentAliases: compiled.parentAliases, parents: parents, settings: settings.values,
                                  services: serviceTable,
                                  seeded: Set(compiler.built.filter(\.isSeeded).compactMap { compiled.indexByKey[$0.key] }),
                                  reloadable: reloadable)
            var seeded: [Int: any Sendable] = [:]
            for (key, instance) in stage.seeded {
                if let index = compiled.indexByKey[key] { seeded[index] = instance }
            }
            blueprint = FactoryBlueprint(table: table, seeded: seeded, definitions: BuiltDefinitions(compiler.built.filter { !$0.isAbstract }))
            if drawsGraph { graph.mark(table) }
        } else {
            blueprint = nil
        }
        self.parent = parent
        self.graph = graph
        self.diagnostics = diagnostics
    }

    /// A dry run: builds every component that is not `lazy-init` from the
    /// plans, awaiting each step that can suspend, then shuts down (running
    /// the destroy methods), and returns what failed, each failure once at
    /// the component whose code failed. Nothing, when there are no plans
    /// (no registry, or an error in ``diagnostics``).
    nonisolated(nonsending) public func dryRun() async -> [Diagnostic] {
        guard let blueprint else { return [] }
        return await Factory(blueprint: blueprint, parent: parent).async.buildEveryComponent()
    }

    /// Every check of `assemblies` in each of `environments` (nil: base files
    /// only), merged: a problem that every environment has alike is reported
    /// once, with no environment. The set's own reading problems come first.
    /// With `dryRun`, each environment's components are built too (see ``dryRun()``).
    nonisolated(nonsending) public static func validate(_ assemblies: AssemblySet, loader: ConfigurationLoader,
                                                       environments: [String?], registry: ComponentRegistry? = nil,
                                                       dryRun: Bool = false) async -> DiagnosticReport {
        var each: [(environment: String?, report: DiagnosticReport)] = []
        var configurations: [Configuration?] = []
        for environment in environments {
            let build = EnvironmentBuild(assemblies: assemblies, loader: loader, environment: environment, registry: registry)
            let built = dryRun ? await build.dryRun() : []
            each.append((environment, DiagnosticReport(build.diagnostics + built)))
            configurations.append(build.configuration)
        }
        let judged = UnusedKeys.judgingBaseFilesTogether(each, configurations: configurations)
        return DiagnosticReport(assemblies.diagnostics + DiagnosticReport.merging(environments: judged).diagnostics)
    }

    /// The reading problems of `assemblies`, then `builds` merged by environment.
    public static func report(_ assemblies: AssemblySet, _ builds: [EnvironmentBuild]) -> DiagnosticReport {
        let judged = UnusedKeys.judgingBaseFilesTogether(builds.map { ($0.environment, DiagnosticReport($0.diagnostics)) },
                                                          configurations: builds.map(\.configuration))
        let merged = DiagnosticReport.merging(environments: judged)
        return DiagnosticReport(assemblies.diagnostics + merged.diagnostics)
    }
}

extension EnvironmentBuild {
    /// What a factory made of `blueprint` was loaded from, for its inspection; nil when the configuration did not load.
    func loaded(_ blueprint: FactoryBlueprint) -> LoadedConfiguration? {
        configuration.map {
            LoadedConfiguration(configuration: $0, definitions: blueprint.definitions, settingsFields: settingsFields,
                                keysRead: keysReadInAnyOrder, warnings: diagnostics.filter { $0.severity != .error })
        }
    }
}
