import Logging

extension Factory {
    /// Wiring that an app's tool compiled (`compile-wiring`): for every
    /// environment of the config root, the shape of what the assemblies
    /// build there, as text in generated Swift files. It holds no value of
    /// the configuration; a load resolves those.
    ///
    /// ```swift
    /// let factory = try Factory.load(compiled: AppWiring.compiled, registry: AppRegistry.make(),
    ///                                options: .init(config: "Config", environment: "production"))
    /// ```
    public struct CompiledWiring: Sendable {
        let entry: String
        let documents: [String]

        /// The wiring of the generated texts: `entry`, and one text per assembly document.
        public init(entry: String, documents: [String]) {
            self.entry = entry
            self.documents = documents
        }
    }

    /// Loads like `load(assemblies:registry:options:)`, from compiled wiring
    /// instead of the assemblies: no XML is read. The configuration is read
    /// as that load reads it; each value site is resolved and converted as
    /// the assemblies' would be, and the plan table is the one that load
    /// makes. Wiring that names what `registry` does not have is `stale-wiring`.
    ///
    /// ```swift
    /// let factory = try Factory.load(compiled: AppWiring.compiled, registry: AppRegistry.make(),
    ///                                options: .init(config: "Config", environment: "production"))
    /// ```
    public static func load(compiled: CompiledWiring, registry: ComponentRegistry, options: LoadOptions) throws(DiagnosticReport) -> Factory {
        let start = ContinuousClock().now
        let (build, configuration) = try wiringBuild(compiled, registry: registry, options: options)
        let read = ContinuousClock().now
        let factory = try made(build, configuration: configuration, logger: options.logger)
        let compiled = ContinuousClock().now
        let constructions = try factory.buildEagerSingletons()
        factory.keepTimeline(since: start, read: read, compiled: compiled, constructions)
        return factory
    }

    /// Loads like `load(compiled:registry:options:)`, and builds the eager
    /// singletons as `loadAsync(assemblies:registry:options:)` does.
    nonisolated(nonsending) public static func loadAsync(
        compiled: CompiledWiring, registry: ComponentRegistry, options: LoadOptions
    ) async throws(DiagnosticReport) -> Factory {
        let start = ContinuousClock().now
        let (build, configuration) = try wiringBuild(compiled, registry: registry, options: options)
        let read = ContinuousClock().now
        let factory = try made(build, configuration: configuration, logger: options.logger)
        let compiled = ContinuousClock().now
        let constructions: [LoadTimeline.Construction]
        do {
            constructions = try await factory.async.buildEagerSingletons()
        } catch {
            do {
                try await factory.async.shutdown()
            } catch let destroyed {
                throw DiagnosticReport(error.diagnostics + destroyed.diagnostics)
            }
            throw error
        }
        factory.keepTimeline(since: start, read: read, compiled: compiled, constructions)
        return factory
    }

    /// The environment's image read from `compiled`, its configuration, and the build of the two.
    private static func wiringBuild(
        _ compiled: CompiledWiring, registry: ComponentRegistry, options: LoadOptions
    ) throws(DiagnosticReport) -> (WiringBuild, Configuration) {
        guard options.parent == nil else {
            throw DiagnosticReport([Diagnostic(.staleWiring, "compiled wiring is compiled without a parent factory; "
                                                   + "load a child factory from its assemblies", at: nil)])
        }
        let environment = options.environment ?? options.processEnvironment[environmentVariable]
        let image: WiringImage
        do {
            image = try WiringReader.image(of: environment, entry: compiled.entry, documents: compiled.documents)
        } catch {
            throw DiagnosticReport([error])
        }
        let (loader, chosen) = try configurationLoader(options: options, declaring: image.placeholderLocations, after: [])
        let configuration = try loader.configuration(declaring: image.placeholderLocations, environment: chosen)
        return (WiringBuild(image: image, configuration: configuration, registry: registry), configuration)
    }

    /// The factory of a build that found no error; nothing built yet.
    private static func made(_ build: WiringBuild, configuration: Configuration, logger: Logger?) throws(DiagnosticReport) -> Factory {
        let (blueprint, loaded) = try parts(of: build, configuration: configuration)
        return Factory(blueprint: blueprint, parent: nil, logger: logger, loaded: loaded)
    }

    /// What a factory is made of from a build that found no error; else its errors.
    private static func parts(of build: WiringBuild, configuration: Configuration)
        throws(DiagnosticReport) -> (FactoryBlueprint, LoadedConfiguration) {
        let errors = build.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let blueprint = build.blueprint else { throw DiagnosticReport(errors) }
        let loaded = LoadedConfiguration(configuration: configuration, definitions: [], settingsFields: build.settingsFields,
                                         keysRead: build.keysRead, warnings: build.diagnostics.filter { $0.severity != .error })
        return (blueprint, loaded)
    }

    /// The factory of `image` for `configuration`, with its eager singletons
    /// built: what `Factory(assemblies:configuration:registry:)` makes of the
    /// assemblies the image was compiled from.
    @_spi(Tooling)
    public convenience init(image: WiringImage, configuration: Configuration, registry: ComponentRegistry) throws(DiagnosticReport) {
        let (blueprint, loaded) = try Self.parts(of: WiringBuild(image: image, configuration: configuration, registry: registry),
                                                 configuration: configuration)
        self.init(blueprint: blueprint, parent: nil, loaded: loaded)
        try buildEagerSingletons()
    }
}

extension EnvironmentBuild {
    /// The image of what this build compiled with `registry`, for
    /// `compile-wiring`: `placeholderLocations` are its assemblies'. A
    /// diagnostic when the build has an error, or compiled what compiled
    /// wiring does not print yet.
    public func wiringImage(placeholderLocations: [AttributeValue], registry: ComponentRegistry) throws(Diagnostic) -> WiringImage {
        guard let blueprint else {
            let errors = diagnostics.filter { $0.severity == .error }
            throw Diagnostic(.staleWiring, "environment '\(environment ?? "none")' has \(errors.count) error\(errors.count == 1 ? "" : "s"), "
                                 + "the first: \(errors.first?.description ?? "none"); fix them before compiling its wiring", at: nil)
        }
        do {
            return try WiringImage(blueprint, environment: environment, placeholderLocations: placeholderLocations, registry: registry)
        } catch {
            throw Diagnostic(.staleWiring, "environment '\(environment ?? "none")': \(error.reason)", at: nil)
        }
    }
}
