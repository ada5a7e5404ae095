import Foundation
import Logging

/// The one call from files (or a bundle's resources) to a running factory.
extension Factory {
    /// The environment variable that names the environment when
    /// `load(assemblies:config:environment:overrides:useEnvironmentVariables:sources:registry:parent:logger:processEnvironment:)`
    /// is given none, as Spring reads `SPRING_PROFILES_ACTIVE`.
    public static let environmentVariable = "COMPONENT_FACTORY_ENV"

    /// Loads assemblies and configuration and builds the factory, in one call.
    ///
    /// - `assemblies`: files, or directories of `*.xml` files, with their imports.
    /// - `config`: the config root, a directory of base `.properties` files and
    ///   their `-<env>` overlays. Optional: with none, or with no file in it,
    ///   an assembly that reads no property loads.
    /// - `environment`: the active environment. When nil, the variable
    ///   ``environmentVariable`` of `processEnvironment` names it; when that
    ///   is unset too and the config root has environments, the call throws,
    ///   listing them: it never picks one silently.
    /// - `overrides` win over every file; `useEnvironmentVariables` adds
    ///   `processEnvironment` as a layer below them (`DB_URL` supplies `db.url`).
    /// - `sources`: layers of your own, such as swift-configuration providers
    ///   (`ComponentFactoryConfiguration`'s `ConfigProviderSource`), above the
    ///   files and environment variables and below `overrides`; a later one wins.
    /// - `parent`: a factory to take what these assemblies do not define from.
    /// - `logger`: at debug level, the environment, the files read, the number
    ///   of components and the time taken to load and to build the eager
    ///   singletons; at error level, later, a destroy method that fails at
    ///   shutdown. Nothing is logged without one.
    ///
    /// It throws one ``DiagnosticReport`` holding every problem found: in the
    /// XML, the configuration, the placeholders and against the registry,
    /// each with file:line; or an eager singleton's failure to build, as its
    /// `build-failed` diagnostic.
    ///
    /// ```swift
    /// let factory = try Factory.load(assemblies: ["Assemblies"], config: "Config", environment: "production",
    ///                                registry: AppRegistry.make())
    /// ```
    public static func load(
        assemblies: [String], config: String? = nil, environment: String? = nil, overrides: [String: String] = [:],
        useEnvironmentVariables: Bool = false, sources: [any PropertySource] = [], registry: ComponentRegistry,
        parent: Factory? = nil, logger: Logger? = nil,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(DiagnosticReport) -> Factory {
        try load(assemblies: assemblies, config: config, environment: environment, overrides: overrides,
                 useEnvironmentVariables: useEnvironmentVariables, sources: sources, registry: registry, parent: parent,
                 logger: logger, processEnvironment: processEnvironment, patches: []).factory
    }

    /// The same, from file URLs, such as a bundle's resources:
    /// `Bundle.module.url(forResource: "Assemblies", withExtension: nil)`.
    /// A URL that is not a file URL is `import-not-found`.
    public static func load(
        assemblies: [URL], config: URL? = nil, environment: String? = nil, overrides: [String: String] = [:],
        useEnvironmentVariables: Bool = false, sources: [any PropertySource] = [], registry: ComponentRegistry,
        parent: Factory? = nil, logger: Logger? = nil,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(DiagnosticReport) -> Factory {
        let paths = try filePaths(assemblies: assemblies, config: config)
        return try load(assemblies: paths.assemblies, config: paths.config, environment: environment, overrides: overrides,
                        useEnvironmentVariables: useEnvironmentVariables, sources: sources, registry: registry, parent: parent,
                        logger: logger, processEnvironment: processEnvironment)
    }

    /// The paths of file URLs, as every loading entry point that takes URLs
    /// reads them: a URL that is not a file URL is `import-not-found`.
    @_spi(Tooling)
    public static func filePaths(assemblies: [URL], config: URL?) throws(DiagnosticReport) -> (assemblies: [String], config: String?) {
        let notFiles = (assemblies + [config].compactMap { $0 }).filter { !$0.isFileURL }
        guard notFiles.isEmpty else {
            throw DiagnosticReport(notFiles.map { Diagnostic(.importNotFound, "'\($0.absoluteString)' is not a file URL", at: nil) })
        }
        return (assemblies.map(\.path), config?.path)
    }

    /// Loads like `load(assemblies:config:environment:overrides:useEnvironmentVariables:sources:registry:parent:logger:processEnvironment:)`,
    /// and builds the eager singletons by awaiting each step that can
    /// suspend (an `async` initializer, a main-actor type, an actor), in
    /// definition order and `depends-on` first. The synchronous `load`
    /// refuses an assembly with such a singleton, at its line.
    ///
    /// ```swift
    /// let factory = try await Factory.loadAsync(assemblies: ["Assemblies"], config: "Config", environment: "production",
    ///                                           registry: AppRegistry.make())
    /// ```
    nonisolated(nonsending) public static func loadAsync(
        assemblies: [String], config: String? = nil, environment: String? = nil, overrides: [String: String] = [:],
        useEnvironmentVariables: Bool = false, sources: [any PropertySource] = [], registry: ComponentRegistry,
        parent: Factory? = nil, logger: Logger? = nil,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(DiagnosticReport) -> Factory {
        try await loadAsync(assemblies: assemblies, config: config, environment: environment, overrides: overrides,
                            useEnvironmentVariables: useEnvironmentVariables, sources: sources, registry: registry, parent: parent,
                            logger: logger, processEnvironment: processEnvironment, patches: []).factory
    }

    /// The same, from file URLs, such as a bundle's resources:
    /// `Bundle.module.url(forResource: "Assemblies", withExtension: nil)`.
    /// A URL that is not a file URL is `import-not-found`.
    nonisolated(nonsending) public static func loadAsync(
        assemblies: [URL], config: URL? = nil, environment: String? = nil, overrides: [String: String] = [:],
        useEnvironmentVariables: Bool = false, sources: [any PropertySource] = [], registry: ComponentRegistry,
        parent: Factory? = nil, logger: Logger? = nil,
        processEnvironment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(DiagnosticReport) -> Factory {
        let paths = try filePaths(assemblies: assemblies, config: config)
        return try await loadAsync(assemblies: paths.assemblies, config: paths.config, environment: environment, overrides: overrides,
                                   useEnvironmentVariables: useEnvironmentVariables, sources: sources, registry: registry,
                                   parent: parent, logger: logger, processEnvironment: processEnvironment)
    }

    /// Loads like ``loadAsync(assemblies:config:environment:overrides:useEnvironmentVariables:sources:registry:parent:logger:processEnvironment:)``
    /// with `patches` in place before any component is built; for `ComponentFactoryTesting`.
    @_spi(Patching)
    nonisolated(nonsending) public static func loadAsync(
        assemblies: [String], config: String?, environment: String?, overrides: [String: String],
        useEnvironmentVariables: Bool = false, sources: [any PropertySource] = [], registry: ComponentRegistry,
        parent: Factory? = nil, logger: Logger? = nil,
        processEnvironment: [String: String], patches: [(key: String, make: @Sendable () throws -> Any)]
    ) async throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let start = ContinuousClock().now
        let (validation, read, _) = try validation(assemblies: assemblies, config: config, environment: environment,
                                                overrides: overrides, useEnvironmentVariables: useEnvironmentVariables,
                                                sources: sources, registry: registry, parent: parent, logger: logger,
                                                processEnvironment: processEnvironment, since: start)
        return try await loadAsync(validation, assemblies: read, parent: parent, logger: logger, patches: patches, since: start)
    }

    /// Loads like ``loadAsync(assemblies:config:environment:overrides:useEnvironmentVariables:sources:registry:parent:logger:processEnvironment:)``
    /// from assemblies already read and a configuration already made, with
    /// `patches` in place before any component is built: what an app's `build` uses.
    @_spi(Patching) @_spi(Tooling)
    nonisolated(nonsending) public static func loadAsync(
        assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry, parent: Factory? = nil,
        logger: Logger? = nil, patches: [(key: String, make: @Sendable () throws -> Any)] = []
    ) async throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let start = ContinuousClock().now
        let validation = EnvironmentValidation(assemblies: assemblies, configuration: configuration, registry: registry, parent: parent)
        return try await loadAsync(validation, assemblies: assemblies, parent: parent, logger: logger, patches: patches, since: start)
    }

    nonisolated(nonsending) static func loadAsync(
        _ validation: EnvironmentValidation, assemblies: AssemblySet, parent: Factory?, logger: Logger?,
        patches: [(key: String, make: @Sendable () throws -> Any)], since start: ContinuousClock.Instant
    ) async throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let (factory, ids, blueprint) = try made(validation, assemblies: assemblies, parent: parent, logger: logger, patches: patches)
        let compiled = ContinuousClock().now
        try await factory.async.buildEagerSingletons()
        logBuilt(validation, blueprint, logger: logger, start: start, compiled: compiled)
        return (factory, ids)
    }

    /// Loads like `load(assemblies:config:environment:overrides:useEnvironmentVariables:sources:registry:parent:logger:processEnvironment:)`
    /// with `patches` in place before any component is built. Returns the
    /// factory and the id of each patch. `ComponentFactoryTesting`'s
    /// `TestFactory` and `Patcher` use it; the public call is this one with no patches.
    @_spi(Patching)
    public static func load(
        assemblies: [String], config: String?, environment: String?, overrides: [String: String],
        useEnvironmentVariables: Bool = false, sources: [any PropertySource] = [], registry: ComponentRegistry,
        parent: Factory? = nil, logger: Logger? = nil,
        processEnvironment: [String: String], patches: [(key: String, make: @Sendable () throws -> Any)]
    ) throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let start = ContinuousClock().now
        let (validation, read, _) = try validation(assemblies: assemblies, config: config, environment: environment,
                                                overrides: overrides, useEnvironmentVariables: useEnvironmentVariables,
                                                sources: sources, registry: registry, parent: parent, logger: logger,
                                                processEnvironment: processEnvironment, since: start)
        return try load(validation, assemblies: read, parent: parent, logger: logger, patches: patches, since: start)
    }

    /// The assemblies and configuration read from files, and their
    /// validation, logged at debug level; with the loader and environment,
    /// for a live factory to validate again.
    static func validation(
        assemblies: [String], config: String?, environment: String?, overrides: [String: String],
        useEnvironmentVariables: Bool, sources: [any PropertySource], registry: ComponentRegistry, parent: Factory?,
        logger: Logger?, processEnvironment: [String: String], since start: ContinuousClock.Instant
    ) throws(DiagnosticReport) -> (EnvironmentValidation, AssemblySet, (loader: ConfigurationLoader, environment: String?)) {
        let inputs = try prepare(assemblies: assemblies, config: config, environment: environment, overrides: overrides,
                                 useEnvironmentVariables: useEnvironmentVariables, sources: sources,
                                 processEnvironment: processEnvironment)
        let validation = EnvironmentValidation(assemblies: inputs.assemblies, loader: inputs.loader, environment: inputs.environment,
                                               registry: registry, parent: parent)
        if let logger, let configuration = validation.configuration {
            logger.debug("ComponentFactory: loaded assemblies and configuration", metadata: [
                "environment": .string(configuration.environment ?? "none"),
                "assemblies": .array(inputs.assemblies.documents.map { .string($0.file) }),
                "configuration": .array(configuration.sources.map { .string($0.name) }),
                "components": .stringConvertible(inputs.assemblies.components.count),
                "duration": .string(milliseconds(ContinuousClock().now - start)),
            ])
        }
        return (validation, inputs.assemblies, (inputs.loader, inputs.environment))
    }

    /// Loads like ``load(assemblies:config:environment:overrides:useEnvironmentVariables:sources:registry:parent:logger:processEnvironment:)``
    /// from assemblies already read and a configuration already made, with
    /// `patches` in place before any component is built.
    @_spi(Patching) @_spi(Tooling)
    public static func load(assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry,
                            parent: Factory? = nil, logger: Logger? = nil,
                            patches: [(key: String, make: @Sendable () throws -> Any)]) throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let start = ContinuousClock().now
        let validation = EnvironmentValidation(assemblies: assemblies, configuration: configuration, registry: registry, parent: parent)
        return try load(validation, assemblies: assemblies, parent: parent, logger: logger, patches: patches, since: start)
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
        let validation = EnvironmentValidation(assemblies: assemblies, configuration: configuration, registry: registry, parent: parent)
        let blueprint = try Self.blueprint(of: validation, assemblies: assemblies)
        self.init(table: blueprint.table, seeded: blueprint.seeded, parent: parent)
        try buildEagerSingletons()
    }

    /// The blueprint of a validation that found no error; else every error, the set's reading errors first.
    private static func blueprint(of validation: EnvironmentValidation, assemblies: AssemblySet) throws(DiagnosticReport) -> FactoryBlueprint {
        let errors = (assemblies.readingErrors + validation.diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty else { throw DiagnosticReport(errors) }
        guard let blueprint = validation.blueprint else {
            throw DiagnosticReport([Diagnostic(.buildFailed, "the assemblies did not compile, and no check said why; please report this",
                                               at: nil)])
        }
        return blueprint
    }

    private static func load(_ validation: EnvironmentValidation, assemblies: AssemblySet, parent: Factory?, logger: Logger?,
                             patches: [(key: String, make: @Sendable () throws -> Any)],
                             since start: ContinuousClock.Instant) throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int]) {
        let (factory, ids, blueprint) = try made(validation, assemblies: assemblies, parent: parent, logger: logger, patches: patches)
        let compiled = ContinuousClock().now
        try factory.buildEagerSingletons()
        logBuilt(validation, blueprint, logger: logger, start: start, compiled: compiled)
        return (factory, ids)
    }

    /// The factory of a validation that found no error, with `patches` in place; nothing built yet.
    private static func made(_ validation: EnvironmentValidation, assemblies: AssemblySet, parent: Factory?, logger: Logger?,
                             patches: [(key: String, make: @Sendable () throws -> Any)])
        throws(DiagnosticReport) -> (factory: Factory, patchIDs: [Int], blueprint: FactoryBlueprint) {
        let blueprint = try blueprint(of: validation, assemblies: assemblies)
        let factory = Factory(table: blueprint.table, seeded: blueprint.seeded, parent: parent, logger: logger)
        var ids: [Int] = []
        for patch in patches {
            ids.append(try factory.patch(key: patch.key, patch.make))
        }
        return (factory, ids, blueprint)
    }

    private static func logBuilt(_ validation: EnvironmentValidation, _ blueprint: FactoryBlueprint, logger: Logger?,
                                 start: ContinuousClock.Instant, compiled: ContinuousClock.Instant) {
        logger?.debug("ComponentFactory: built the factory", metadata: [
            "environment": .string(validation.environment ?? "none"),
            "components": .stringConvertible(blueprint.table.plans.count),
            "compile": .string(milliseconds(compiled - start)),
            "eagerSingletons": .string(milliseconds(ContinuousClock().now - compiled)),
        ])
    }

    /// The assembly set, and the loader and environment of its configuration;
    /// every problem found on the way is thrown together.
    private static func prepare(
        assemblies paths: [String], config: String?, environment: String?, overrides: [String: String],
        useEnvironmentVariables: Bool, sources: [any PropertySource], processEnvironment: [String: String]
    ) throws(DiagnosticReport) -> (assemblies: AssemblySet, loader: ConfigurationLoader, environment: String?) {
        let assemblies = AssemblyLoader.load(paths: paths).assemblies
        /// What stops the load here, after the assemblies' own errors, so that the report holds them all.
        func refusal(_ problems: [Diagnostic]) -> DiagnosticReport {
            DiagnosticReport(assemblies.readingErrors + problems)
        }
        let root: ConfigRoot
        do {
            root = try config.map { path throws(Diagnostic) in try ConfigRoot.scan(path) } ?? ConfigRoot(path: "", baseFiles: [], environments: [])
        } catch {
            throw refusal([error])
        }
        let chosen = environment ?? processEnvironment[environmentVariable]
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
        if config == nil, !assemblies.placeholderLocations.isEmpty {
            throw refusal(assemblies.placeholderLocations.map { location in
                Diagnostic(.propertiesNotFound, "the assembly reads '\(location.text)', but no config root was given; pass config:",
                           at: location.location)
            })
        }
        var loader = ConfigurationLoader(root: root, environmentVariables: useEnvironmentVariables ? processEnvironment : nil,
                                         overrides: overrides)
        loader.sources = sources
        return (assemblies, loader, chosen)
    }
}
