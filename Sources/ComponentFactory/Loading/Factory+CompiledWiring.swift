import Logging
import SystemSupport

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
        /// The generated code's printed makers, installed in each factory loaded from it.
        let printedMakers: PrintedMakers.Install?

        /// The wiring of the generated texts: `entry`, and one text per assembly document.
        public init(entry: String, documents: [String]) {
            self.init(entry: entry, documents: documents, printedMakers: nil)
        }

        /// The wiring of the generated texts, with the generated printed makers (`compile-wiring --module`).
        @_spi(CompiledWiring)
        public init(entry: String, documents: [String], printedMakers: PrintedMakers.Install?) {
            self.entry = entry
            self.documents = documents
            self.printedMakers = printedMakers
        }
    }

    /// Loads like `load(assemblies:registry:options:)`, from compiled wiring
    /// instead of the assemblies: no XML is parsed. The configuration is read
    /// as that load reads it; each value site is resolved and converted as
    /// the assemblies' would be, and the plan table is the one that load
    /// makes. Wiring that no longer fits is `stale-wiring`, naming what
    /// changed: the registry, an assembly file that is present and differs,
    /// or a value that decides shape (at its `.properties` line); with
    /// ``LoadOptions/interpretsStaleWiring`` the assemblies are interpreted instead.
    ///
    /// ```swift
    /// let factory = try Factory.load(compiled: AppWiring.compiled, registry: AppRegistry.make(),
    ///                                options: .init(config: "Config", environment: "production"))
    /// ```
    public static func load(compiled: CompiledWiring, registry: ComponentRegistry, options: LoadOptions) throws(DiagnosticReport) -> Factory {
        switch try prepare(compiled, registry: registry, options: options) {
        case .interpret(let assemblies):
            return try load(assemblies: assemblies, registry: registry, options: options)
        case .built(let prepared):
            let factory = try made(prepared, logger: options.logger)
            let compiled = ContinuousClock().now
            let constructions = try factory.buildEagerSingletons()
            factory.keepTimeline(since: prepared.start, read: prepared.read, compiled: compiled, constructions)
            return factory
        }
    }

    /// Loads like `load(compiled:registry:options:)`, and builds the eager
    /// singletons as `loadAsync(assemblies:registry:options:)` does.
    nonisolated(nonsending) public static func loadAsync(
        compiled: CompiledWiring, registry: ComponentRegistry, options: LoadOptions
    ) async throws(DiagnosticReport) -> Factory {
        switch try prepare(compiled, registry: registry, options: options) {
        case .interpret(let assemblies):
            return try await loadAsync(assemblies: assemblies, registry: registry, options: options)
        case .built(let prepared):
            return try await loadAsync(prepared, logger: options.logger)
        }
    }

    /// The factory of `prepared`, its eager singletons built by awaiting
    /// each step that can suspend; what was built is destroyed if one fails.
    nonisolated(nonsending) static func loadAsync(_ prepared: PreparedWiring, logger: Logger?) async throws(DiagnosticReport) -> Factory {
        let factory = try made(prepared, logger: logger)
        let compiled = ContinuousClock().now
        let constructions = try await factory.buildEagerSingletonsOrDestroy()
        factory.keepTimeline(since: prepared.start, read: prepared.read, compiled: compiled, constructions)
        return factory
    }

    /// An environment built from compiled wiring, with what a live factory needs to build it again.
    struct PreparedWiring {
        let image: WiringImage
        let printedMakers: PrintedMakers.Install?
        let build: WiringBuild
        let configuration: Configuration
        let loader: ConfigurationLoader
        let environment: String?
        /// When the load began, and when the wiring was read and built: its timeline's first phase.
        let start: ContinuousClock.Instant
        let read: ContinuousClock.Instant
    }

    /// What a load from compiled wiring goes on with.
    enum Prepared {
        /// The environment built from the wiring.
        case built(PreparedWiring)
        /// The wiring is stale, and the options say to interpret these assemblies instead.
        case interpret([Location])
    }

    /// The environment's image read from `compiled`, its stamps checked, and
    /// its build; or, when it is stale and the options allow, the assemblies to interpret.
    static func prepare(
        _ compiled: CompiledWiring, registry: ComponentRegistry, options: LoadOptions
    ) throws(DiagnosticReport) -> Prepared {
        let start = ContinuousClock().now
        guard options.parent == nil else {
            throw DiagnosticReport([Diagnostic(.staleWiring, "compiled wiring is compiled without a parent factory; "
                                                   + "load a child factory from its assemblies", at: nil)])
        }
        let environment = options.environment ?? options.processEnvironment[environmentVariable]
        let read: (image: WiringImage?, stamps: WiringStamps)
        do {
            read = try WiringReader.read(environment, entry: compiled.entry, documents: compiled.documents)
        } catch {
            throw DiagnosticReport([error])
        }
        // No environment chosen where the config root has some: the interpreter's refusal, which lists them.
        if read.image == nil, environment == nil { _ = try configurationLoader(options: options, declaring: [], after: []) }
        var problems = staleness(of: read.stamps, registry: registry)
        if read.image == nil { problems.append(WiringReader.missing(environment)) }
        var built: PreparedWiring?
        if problems.isEmpty, let image = read.image {
            let (loader, chosen) = try configurationLoader(options: options, declaring: image.placeholderLocations, after: [])
            let configuration = try loader.configuration(declaring: image.placeholderLocations, environment: chosen)
            let build = WiringBuild(image: image, configuration: configuration, registry: registry,
                                    printedMakers: compiled.printedMakers)
            problems = build.diagnostics.filter { $0.code == .staleWiring }
            built = PreparedWiring(image: image, printedMakers: compiled.printedMakers, build: build,
                                   configuration: configuration, loader: loader, environment: chosen,
                                   start: start, read: ContinuousClock().now)
        }
        if let built, problems.isEmpty { return .built(built) }
        guard options.interpretsStaleWiring, !read.stamps.assemblies.isEmpty else { throw DiagnosticReport(problems) }
        options.logger?.warning("ComponentFactory: compiled wiring is stale, so the assemblies are interpreted: \(problems[0].message)",
                                metadata: ["code": .string(DiagnosticCode.staleWiring.rawValue),
                                           "assemblies": .array(read.stamps.assemblies.map { .string($0) })])
        return .interpret(read.stamps.assemblies.map(Location.path))
    }

    /// What no longer fits between the wiring's stamps and this process: the
    /// registry, and each assembly file that is present and differs (one
    /// that is absent, as in a shipped app, is not checked).
    private static func staleness(of stamps: WiringStamps, registry: ComponentRegistry) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if stamps.registry != WiringStamps.registry(registry) {
            problems.append(Diagnostic(.staleWiring, "the registry has changed since the wiring was compiled (a type, maker, "
                                           + "parameter, property or callback); compile the wiring again", at: nil))
        }
        for (path, hash) in stamps.sources.sorted(by: { $0.key < $1.key }) {
            guard let bytes = try? RegularFile.read(path, maximumSize: AssemblyReader.maximumSize), WiringStamps.source(bytes) != hash else { continue }
            problems.append(Diagnostic(.staleWiring, "'\(path)' has changed since the wiring was compiled; compile the wiring again",
                                       at: SourceLocation(file: path, line: 0)))
        }
        return problems
    }

    /// The factory of a build that found no error; nothing built yet.
    private static func made(_ prepared: PreparedWiring, logger: Logger?) throws(DiagnosticReport) -> Factory {
        let (blueprint, loaded) = try parts(of: prepared.build, configuration: prepared.configuration)
        return Factory(blueprint: blueprint, parent: nil, logger: logger, loaded: loaded)
    }

    /// What a factory is made of from a build that found no error; else its errors.
    static func parts(of build: WiringBuild, configuration: Configuration)
        throws(DiagnosticReport) -> (FactoryBlueprint, LoadedConfiguration) {
        let errors = build.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let blueprint = build.blueprint else { throw DiagnosticReport(errors) }
        return (blueprint, build.loaded(blueprint, configuration: configuration))
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
    /// The image of what this build compiled from `assemblies` with
    /// `registry`, for `compile-wiring`. A diagnostic when the build has an
    /// error, or compiled what compiled wiring does not print yet.
    public func wiringImage(of assemblies: AssemblySet, registry: ComponentRegistry) throws(Diagnostic) -> WiringImage {
        guard let blueprint else {
            let errors = diagnostics.filter { $0.severity == .error }
            throw Diagnostic(.staleWiring, "environment '\(environment ?? "none")' has \(errors.count) error\(errors.count == 1 ? "" : "s"), "
                                 + "the first: \(errors.first?.description ?? "none"); fix them before compiling its wiring", at: nil)
        }
        var image: WiringImage
        do {
            image = try WiringImage(blueprint, environment: environment, assemblies: assemblies, registry: registry)
        } catch {
            throw Diagnostic(.staleWiring, "environment '\(environment ?? "none")': \(error.reason)", at: nil)
        }
        if let configuration { image.structural = Self.structural(of: blueprint.definitions.all, sites: image.siteTexts, in: configuration) }
        return image
    }

    /// Every text of `definitions` with a placeholder that is not a value
    /// site: a text that decides shape. Each once, with the hash of its value in `configuration`.
    private static func structural(of definitions: [ComponentDefinition], sites: Set<AttributeValue>,
                                   in configuration: Configuration) -> [WiringStamps.Structural] {
        var resolver = PlaceholderResolver(configuration: configuration)
        var seen = sites
        var structural: [WiringStamps.Structural] = []
        for definition in definitions {
            definition.forEachText { text in
                guard PlaceholderResolver.mayContainPlaceholder(text.text), seen.insert(text).inserted,
                      let value = try? resolver.resolve(text.text, at: text.location) else { return }
                structural.append(WiringStamps.Structural(text: text, hash: StableHash.of(value)))
            }
        }
        return structural
    }
}
