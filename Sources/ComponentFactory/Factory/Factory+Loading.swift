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
        let notFiles = (assemblies + [config].compactMap { $0 }).filter { !$0.isFileURL }
        guard notFiles.isEmpty else {
            throw DiagnosticReport(notFiles.map { Diagnostic(.importNotFound, "'\($0.absoluteString)' is not a file URL", at: nil) })
        }
        return try load(assemblies: assemblies.map(\.path), config: config?.path, environment: environment, overrides: overrides,
                        useEnvironmentVariables: useEnvironmentVariables, sources: sources, registry: registry, parent: parent,
                        logger: logger, processEnvironment: processEnvironment)
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
        let clock = ContinuousClock()
        let start = clock.now
        let inputs = try prepare(assemblies: assemblies, config: config, environment: environment, overrides: overrides,
                                 useEnvironmentVariables: useEnvironmentVariables, sources: sources,
                                 processEnvironment: processEnvironment)
        if let logger {
            logger.debug("ComponentFactory: loaded assemblies and configuration", metadata: [
                "environment": .string(inputs.configuration.environment ?? "none"),
                "assemblies": .array(inputs.assemblies.documents.map { .string($0.file) }),
                "configuration": .array(inputs.configuration.sources.map { .string($0.name) }),
                "components": .stringConvertible(inputs.assemblies.components.count),
                "duration": .string(milliseconds(clock.now - start)),
            ])
        }
        do {
            return try load(assemblies: inputs.assemblies, configuration: inputs.configuration, registry: registry, parent: parent,
                            logger: logger, patches: patches)
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The assembly set and the environment's configuration; every problem
    /// found on the way is thrown together.
    private static func prepare(
        assemblies paths: [String], config: String?, environment: String?, overrides: [String: String],
        useEnvironmentVariables: Bool, sources: [any PropertySource], processEnvironment: [String: String]
    ) throws(DiagnosticReport) -> (assemblies: AssemblySet, configuration: Configuration) {
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
        switch RegistryFreeValidator.configuration(for: chosen, assemblies: assemblies, loader: loader) {
        case .success(let configuration):
            return (assemblies, configuration)
        case .failure(let report):
            throw refusal(report.diagnostics)
        }
    }
}
