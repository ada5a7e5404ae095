import Foundation
import Logging

/// The one call from files (or a bundle's resources) to a running factory.
extension Factory {
    /// The environment variable that names the environment when a load is
    /// given none, as Spring reads `SPRING_PROFILES_ACTIVE`.
    public static let environmentVariable = "COMPONENT_FACTORY_ENV"

    /// Loads assemblies and configuration and builds the factory, in one call.
    ///
    /// `assemblies` are files, or directories of `*.xml` files, with their
    /// imports: paths (a literal is one; `.path(variable)` for a `String` you
    /// hold) or file URLs (`.url(Bundle.module.url(forResource: "Assemblies",
    /// withExtension: nil)!)`); a URL that is not a file URL is
    /// `import-not-found`. `options` says where the configuration is, which
    /// environment is active, and the rest (see ``LoadOptions``).
    ///
    /// It throws one ``DiagnosticReport`` holding every problem found: in the
    /// XML, the configuration, the placeholders and against the registry,
    /// each with file:line; or an eager singleton's failure to build, as its
    /// `build-failed` diagnostic. Each assembly is parsed once.
    ///
    /// ```swift
    /// let factory = try Factory.load(assemblies: ["Assemblies"], registry: AppRegistry.make(),
    ///                                options: .init(config: "Config", environment: "production", logger: logger))
    /// ```
    public static func load(assemblies: [Location], registry: ComponentRegistry, options: LoadOptions) throws(DiagnosticReport) -> Factory {
        try load(assemblies: assemblies, registry: registry, options: options, patches: []).factory
    }

    /// The common case: assemblies, a config root and an environment.
    ///
    /// ```swift
    /// let factory = try Factory.load(assemblies: ["Assemblies"], config: "Config", environment: "production",
    ///                                registry: AppRegistry.make())
    /// let fromVariables = try Factory.load(assemblies: [.path(assembliesPath)], config: .path(configPath),
    ///                                  registry: AppRegistry.make())
    /// ```
    public static func load(assemblies: [Location], config: Location? = nil, environment: String? = nil,
                            registry: ComponentRegistry) throws(DiagnosticReport) -> Factory {
        try load(assemblies: assemblies, registry: registry, options: LoadOptions(config: config, environment: environment))
    }

    /// Loads like `load(assemblies:registry:options:)`, and
    /// builds the eager singletons by awaiting each step that can suspend (an
    /// `async` initializer, a main-actor type, an actor). Those that cannot
    /// suspend come first, in definition order and `depends-on` first; those
    /// that can are built concurrently along the graph, each once everything
    /// it needs is built. The first failure cancels the rest, and what was
    /// built is destroyed. The synchronous `load` refuses an assembly with
    /// such a singleton, at its line.
    ///
    /// ```swift
    /// let factory = try await Factory.loadAsync(assemblies: ["Assemblies"], registry: AppRegistry.make(),
    ///                                           options: .init(config: "Config", environment: "production"))
    /// ```
    nonisolated(nonsending) public static func loadAsync(
        assemblies: [Location], registry: ComponentRegistry, options: LoadOptions
    ) async throws(DiagnosticReport) -> Factory {
        try await loadAsync(assemblies: assemblies, registry: registry, options: options, patches: []).factory
    }

    /// The common case of `loadAsync(assemblies:registry:options:)`:
    /// assemblies, a config root and an environment.
    nonisolated(nonsending) public static func loadAsync(
        assemblies: [Location], config: Location? = nil, environment: String? = nil, registry: ComponentRegistry
    ) async throws(DiagnosticReport) -> Factory {
        try await loadAsync(assemblies: assemblies, registry: registry, options: LoadOptions(config: config, environment: environment))
    }

    /// Loads like `loadAsync(assemblies:registry:options:)`
    /// with `patches` in place before any component is built; for `ComponentFactoryTesting`.
    @_spi(Patching)
    nonisolated(nonsending) public static func loadAsync(
        assemblies: [Location], registry: ComponentRegistry, options: LoadOptions,
        patches: [(key: String, make: @Sendable () throws -> Any)]
    ) async throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let start = ContinuousClock().now
        let (build, read, inputs) = try environmentBuild(assemblies: assemblies, registry: registry, options: options, since: start)
        return try await loadAsync(build, assemblies: read, registry: registry, parent: options.parent, logger: options.logger, patches: patches,
                                   since: start, read: inputs.read)
    }

    /// Loads like `loadAsync(assemblies:registry:options:)`
    /// from assemblies already read and a configuration already made, with
    /// `patches` in place before any component is built: what an app's `build` uses.
    @_spi(Patching) @_spi(Tooling)
    nonisolated(nonsending) public static func loadAsync(
        assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry, parent: Factory? = nil,
        logger: Logger? = nil, patches: [(key: String, make: @Sendable () throws -> Any)] = []
    ) async throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let start = ContinuousClock().now
        let build = EnvironmentBuild(assemblies: assemblies, configuration: configuration, registry: registry, parent: parent)
        return try await loadAsync(build, assemblies: assemblies, registry: registry, parent: parent, logger: logger, patches: patches, since: start)
    }

    /// `read` is when the assemblies were read, for a load that read them.
    nonisolated(nonsending) static func loadAsync(
        _ build: EnvironmentBuild, assemblies: AssemblySet, registry: ComponentRegistry, parent: Factory?, logger: Logger?,
        patches: [(key: String, make: @Sendable () throws -> Any)], since start: ContinuousClock.Instant, read: ContinuousClock.Instant? = nil
    ) async throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let (factory, ids, blueprint) = try made(build, assemblies: assemblies, registry: registry, parent: parent, logger: logger,
                                                 patches: patches)
        let compiled = ContinuousClock().now
        let constructions = try await factory.buildEagerSingletonsOrDestroy()
        factory.keepTimeline(since: start, read: read, compiled: compiled, constructions)
        logBuilt(build, blueprint, logger: logger, start: start, compiled: compiled)
        return (factory, ids)
    }

    /// Builds the eager singletons through the async lookup; when one fails,
    /// what was built before it is destroyed, newest first, as a shutdown
    /// destroys it, and the failure is thrown with any destroy's.
    nonisolated(nonsending) func buildEagerSingletonsOrDestroy() async throws(DiagnosticReport) -> [LoadTimeline.Construction] {
        do {
            return try await async.buildEagerSingletons()
        } catch {
            do {
                try await async.shutdown()
            } catch let destroyed {
                throw DiagnosticReport(error.diagnostics + destroyed.diagnostics)
            }
            throw error
        }
    }

    /// Loads like `load(assemblies:registry:options:)` with
    /// `patches` in place before any component is built. Returns the factory
    /// and the id of each patch. `ComponentFactoryTesting`'s `TestFactory`
    /// and `Patcher` use it; the public call is this one with no patches.
    @_spi(Patching)
    public static func load(
        assemblies: [Location], registry: ComponentRegistry, options: LoadOptions,
        patches: [(key: String, make: @Sendable () throws -> Any)]
    ) throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let start = ContinuousClock().now
        let (build, read, inputs) = try environmentBuild(assemblies: assemblies, registry: registry, options: options, since: start)
        return try load(build, assemblies: read, registry: registry, parent: options.parent, logger: options.logger, patches: patches, since: start,
                        read: inputs.read)
    }

    /// The assemblies and configuration read from files, and the build of
    /// their environment, logged at debug level; with the loader and
    /// environment, for a live factory to build again.
    static func environmentBuild(
        assemblies: [Location], registry: ComponentRegistry, options: LoadOptions, since start: ContinuousClock.Instant
    ) throws(DiagnosticReport) -> (EnvironmentBuild, AssemblySet, (loader: ConfigurationLoader, environment: String?, read: ContinuousClock.Instant)) {
        let inputs = try prepare(assemblies: try Location.filePaths(assemblies), options: options)
        let read = ContinuousClock().now
        let build = EnvironmentBuild(assemblies: inputs.assemblies, loader: inputs.loader, environment: inputs.environment,
                                          registry: registry, parent: options.parent)
        if let logger = options.logger, let configuration = build.configuration {
            logger.debug("ComponentFactory: loaded assemblies and configuration", metadata: [
                "environment": .string(configuration.environment ?? "none"),
                "assemblies": .array(inputs.assemblies.documents.map { .string($0.file) }),
                "configuration": .array(configuration.sources.map { .string($0.name) }),
                "components": .stringConvertible(inputs.assemblies.components.count),
                "parses": .stringConvertible(inputs.parses),
                "duration": .string(milliseconds(ContinuousClock().now - start)),
            ])
        }
        // Once, at load: a reload tells only the warnings it brings.
        if let logger = options.logger, build.diagnostics.allSatisfy({ $0.severity != .error }) {
            for warning in build.diagnostics {
                logger.warning("ComponentFactory: \(warning.description)", metadata: ["code": .string(warning.code.rawValue)])
            }
        }
        return (build, inputs.assemblies, (inputs.loader, inputs.environment, read))
    }

    /// Loads like `load(assemblies:registry:options:)`
    /// from assemblies already read and a configuration already made, with
    /// `patches` in place before any component is built.
    @_spi(Patching) @_spi(Tooling)
    public static func load(assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry,
                            parent: Factory? = nil, logger: Logger? = nil,
                            patches: [(key: String, make: @Sendable () throws -> Any)]) throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let start = ContinuousClock().now
        let build = EnvironmentBuild(assemblies: assemblies, configuration: configuration, registry: registry, parent: parent)
        return try load(build, assemblies: assemblies, registry: registry, parent: parent, logger: logger, patches: patches, since: start)
    }

    /// Compiles the assemblies against `registry` for the environment of
    /// `configuration`, and builds the eager singletons. Throws one
    /// ``DiagnosticReport`` with every error: the assembly set's own reading
    /// errors first (a set that had one is never built), then the
    /// configuration's and the assemblies', or an eager singleton's `build-failed`.
    ///
    /// With a `parent`, references, `depends-on` and autowiring that nothing
    /// here answers are answered by the parent's components (and its
    /// parent's), and so are lookups.
    @_spi(Tooling)
    public convenience init(assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry,
                            parent: Factory? = nil) throws(DiagnosticReport) {
        let build = EnvironmentBuild(assemblies: assemblies, configuration: configuration, registry: registry, parent: parent)
        var blueprint = try Self.blueprint(of: build, assemblies: assemblies)
        var loaded = build.loaded(blueprint)
        if WiringCheck.isOn, parent == nil {
            let compiled = try WiringCheck.build(build, assemblies: assemblies, configuration: configuration, registry: registry)
            (blueprint, loaded) = try Self.parts(of: compiled, configuration: configuration)
        }
        self.init(blueprint: blueprint, parent: parent, loaded: loaded)
        try buildEagerSingletons()
    }

    /// The blueprint of a build that found no error; else every error, the set's reading errors first.
    private static func blueprint(of build: EnvironmentBuild, assemblies: AssemblySet) throws(DiagnosticReport) -> FactoryBlueprint {
        let errors = (assemblies.readingErrors + build.diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty else { throw DiagnosticReport(errors) }
        guard let blueprint = build.blueprint else {
            throw DiagnosticReport([Diagnostic(.buildFailed, "the assemblies did not compile, and no check said why; please report this",
                                               at: nil)])
        }
        return blueprint
    }

    private static func load(_ build: EnvironmentBuild, assemblies: AssemblySet, registry: ComponentRegistry, parent: Factory?, logger: Logger?,
                             patches: [(key: String, make: @Sendable () throws -> Any)], since start: ContinuousClock.Instant,
                             read: ContinuousClock.Instant? = nil) throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let (factory, ids, blueprint) = try made(build, assemblies: assemblies, registry: registry, parent: parent, logger: logger,
                                                 patches: patches)
        let compiled = ContinuousClock().now
        let constructions = try factory.buildEagerSingletons()
        factory.keepTimeline(since: start, read: read, compiled: compiled, constructions)
        logBuilt(build, blueprint, logger: logger, start: start, compiled: compiled)
        return (factory, ids)
    }

    /// Keeps how the load that began at `start` went, for the factory's
    /// inspection: its phases (reading, when it read the assemblies itself,
    /// then compiling until `compiled`, then building until now) and its constructions.
    func keepTimeline(since start: ContinuousClock.Instant, read: ContinuousClock.Instant?, compiled: ContinuousClock.Instant,
                              _ constructions: [LoadTimeline.Construction]) {
        let built = ContinuousClock().now
        var phases: [LoadTimeline.Phase] = []
        if let read { phases.append(LoadTimeline.Phase(name: "read", began: start, ended: read)) }
        phases.append(LoadTimeline.Phase(name: "compile", began: read ?? start, ended: compiled))
        phases.append(LoadTimeline.Phase(name: "build", began: compiled, ended: built))
        let beganAt = Date(timeIntervalSinceNow: -((built - start) / .seconds(1)))
        startup.withLock { $0 = LoadTimeline(began: start, beganAt: beganAt, ended: built, phases: phases, constructions: constructions) }
    }

    /// The factory of a build that found no error, with `patches` in place; nothing built yet.
    /// Under ``WiringCheck`` (`COMPONENT_FACTORY_WIRING=compiled`), from the assemblies' compiled wiring.
    private static func made(_ build: EnvironmentBuild, assemblies: AssemblySet, registry: ComponentRegistry, parent: Factory?,
                             logger: Logger?, patches: [(key: String, make: @Sendable () throws -> Any)])
        throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int], blueprint: FactoryBlueprint) {
        var blueprint = try blueprint(of: build, assemblies: assemblies)
        var loaded = build.loaded(blueprint)
        if WiringCheck.isOn, parent == nil, let configuration = build.configuration {
            let compiled = try WiringCheck.build(build, assemblies: assemblies, configuration: configuration, registry: registry)
            (blueprint, loaded) = try parts(of: compiled, configuration: configuration)
        }
        let factory = Factory(blueprint: blueprint, parent: parent, logger: logger, loaded: loaded)
        var ids: [Int] = []
        for patch in patches {
            ids.append(try factory.patch(key: patch.key, patch.make))
        }
        return (factory, ids, blueprint)
    }

    private static func logBuilt(_ build: EnvironmentBuild, _ blueprint: FactoryBlueprint, logger: Logger?,
                                 start: ContinuousClock.Instant, compiled: ContinuousClock.Instant) {
        logger?.debug("ComponentFactory: built the factory", metadata: [
            "environment": .string(build.environment ?? "none"),
            "components": .stringConvertible(blueprint.table.plans.count),
            "compile": .string(milliseconds(compiled - start)),
            "eagerSingletons": .string(milliseconds(ContinuousClock().now - compiled)),
        ])
    }

    /// The assembly set, and the loader and environment of its configuration;
    /// every problem found on the way is thrown together.
    private static func prepare(
        assemblies paths: [String], options: LoadOptions
    ) throws(DiagnosticReport) -> (assemblies: AssemblySet, loader: ConfigurationLoader, environment: String?, parses: Int) {
        // One parse per file: the builder's grammar is the schema's, and the XSD pass is the tools' alone.
        let loading = AssemblyLoader.load(paths: paths, checkSchema: false)
        let assemblies = loading.assemblies
        let (loader, chosen) = try configurationLoader(options: options, declaring: assemblies.placeholderLocations,
                                                       after: assemblies.readingErrors)
        return (assemblies, loader, chosen, loading.parses)
    }

    /// The loader of the configuration that `options` say where to find, and
    /// the environment chosen, for assemblies (or compiled wiring) that declare
    /// `declared`; every problem is thrown after `earlier`, so that the report holds them all.
    static func configurationLoader(
        options: LoadOptions, declaring declared: [AttributeValue], after earlier: [Diagnostic]
    ) throws(DiagnosticReport) -> (loader: ConfigurationLoader, environment: String?) {
        func refusal(_ problems: [Diagnostic]) -> DiagnosticReport {
            DiagnosticReport(earlier + problems)
        }
        let config: String?
        do {
            config = try options.config?.filePath()
        } catch {
            throw refusal(error.diagnostics)
        }
        let root: ConfigRoot
        do {
            root = try config.map { path throws(Diagnostic) in try ConfigRoot.scan(path) } ?? ConfigRoot(path: "", baseFiles: [], environments: [])
        } catch {
            throw refusal([error])
        }
        let chosen = options.environment ?? options.processEnvironment[environmentVariable]
        if let chosen, config != nil {
            do {
                try root.checkEnvironment(chosen)
            } catch {
                throw refusal([error])
            }
        } else if chosen == nil, !root.environments.isEmpty {
            throw refusal([Diagnostic(
                .propertiesNotFound,
                "choose an environment: pass environment:, or set \(environmentVariable); '\(root.path)' has "
                    + root.environments.joined(separator: ", "),
                at: nil)])
        }
        if config == nil, !declared.isEmpty {
            throw refusal(declared.map { location in
                Diagnostic(.propertiesNotFound, "the assembly reads '\(location.text)', but no config root was given; pass config:",
                           at: location.location)
            })
        }
        var loader = ConfigurationLoader(root: root, environmentVariables: options.useEnvironmentVariables ? options.processEnvironment : nil,
                                         overrides: options.overrides)
        loader.sources = options.sources
        loader.configTrees = options.configTrees
        return (loader, chosen)
    }
}
