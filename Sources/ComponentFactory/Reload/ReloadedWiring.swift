/// What a live factory builds each generation from: the assemblies as it
/// read them, or the image of their compiled wiring. Either way a reload
/// reads the configuration again and goes through the same checks.
enum ReloadedWiring: Sendable {
    case assemblies(AssemblySet)
    case compiled(WiringImage, printedMakers: PrintedMakers.Install?)

    /// One environment built again, as plain data: what a reload needs of either build.
    struct Build {
        /// The configuration read; nil when it could not be.
        var configuration: Configuration?
        var diagnostics: [Diagnostic]
        var blueprint: FactoryBlueprint?
        /// The keys something read, for the keys a change touched.
        var keysRead: [String]
        /// What a reload compares the environment by; nil when it made no factory.
        var side: ReloadReach.Side?
        /// The plans some text of which may resolve differently from the
        /// previous graph's (see ``ReloadReach/init(from:to:candidates:)``); nil: every plan's may.
        var candidates: Set<Int>?
    }

    /// The environment built with the configuration `loader` reads now;
    /// from compiled wiring, keeping what it can of `previous`, the graph built before.
    func build(loader: ConfigurationLoader, environment: String?, registry: ComponentRegistry, parent: Factory?,
               previous: ReloadReach.Side) -> Build {
        switch self {
        case .assemblies(let assemblies):
            let build = EnvironmentBuild(assemblies: assemblies, loader: loader, environment: environment, registry: registry,
                                         parent: parent)
            let loaded = build.blueprint.flatMap { build.loaded($0) }
            return Build(configuration: build.configuration, diagnostics: build.diagnostics, blueprint: build.blueprint,
                         keysRead: build.keysReadInAnyOrder,
                         side: build.blueprint.flatMap { blueprint in loaded.map { ReloadReach.Side(table: blueprint.table, loaded: $0) } })
        case .compiled(let image, let printedMakers):
            let configuration: Configuration
            do {
                configuration = try loader.configuration(declaring: image.placeholderLocations, environment: environment)
            } catch {
                return Build(configuration: nil, diagnostics: error.diagnostics, blueprint: nil, keysRead: [], side: nil)
            }
            // Every key a site of the previous build read is among these keys when its text changed.
            let changedKeys = previous.wiring.map { _ in
                Set(ReloadReach.changedKeys(from: previous, to: configuration, keysRead: previous.keysRead))
            }
            let build = WiringBuild(image: image, configuration: configuration, registry: registry, printedMakers: printedMakers,
                                    previous: previous.wiring, changedKeys: changedKeys)
            let loaded = build.blueprint.map { build.loaded($0, configuration: configuration) }
            return Build(configuration: configuration, diagnostics: build.diagnostics, blueprint: build.blueprint, keysRead: build.keysRead,
                         side: build.blueprint.flatMap { blueprint in
                             loaded.map { ReloadReach.Side(table: blueprint.table, loaded: $0, wiring: build.previous) }
                         },
                         candidates: build.candidates)
        }
    }
}
