/// Everything a factory needs before it builds its first component, made in
/// the order Typhoon and Spring use:
///
/// 1. the active definitions, with their parents folded in;
/// 2. infrastructure components (type converters and post-processors that
///    the assembly declares) compiled and built first;
/// 3. factory post-processors, in order, editing the definitions;
/// 4. every definition compiled into the plan table, with the converters of
///    step 2 added;
/// 5. the registry-free checks of ``AssemblyValidator``, told which
///    selectors step 4 found unregistered, so that no message about their
///    parameters sends anyone the wrong way.
///
/// Every problem of every step is kept, so one run reports them all: the
/// registry-free errors do not stop the registry-aware checks of the
/// definitions they leave intact. Registry-aware validation and the factory
/// share this one path. A type converter or post-processor that fails to
/// build is `build-failed`.
struct FactoryBlueprint {
    let table: PlanTable
    /// Infrastructure instances already built, by index in `table`.
    let seeded: [Int: Any]

    /// The blueprint, or every error found: the assembly set's reading
    /// errors, the configuration's, the registry-free and the registry-aware ones.
    static func make(assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry,
                     parent: Factory? = nil) throws(DiagnosticReport) -> FactoryBlueprint {
        let diagnosis = diagnose(assemblies, configuration: configuration, registry: registry, parent: parent)
        let errors = (assemblies.diagnostics + ConfigurationValidator.check(configuration) + diagnosis.diagnostics)
            .filter { $0.severity == .error }
        guard errors.isEmpty else { throw DiagnosticReport(errors) }
        guard let blueprint = diagnosis.blueprint else {
            throw DiagnosticReport([Diagnostic(.buildFailed, "the assemblies did not compile, and no check said why; please report this",
                                               at: nil)])
        }
        return blueprint
    }

    /// Every problem of the assemblies in one environment against the
    /// registry, registry-free and registry-aware, each once; and the
    /// blueprint when they compiled. The set's reading problems are not
    /// repeated here.
    static func diagnose(_ assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry,
                         parent: Factory? = nil, knownEnvironments: [String] = []) -> (blueprint: FactoryBlueprint?, diagnostics: [Diagnostic]) {
        var blueprint: FactoryBlueprint?
        var registryAware: [Diagnostic] = []
        do {
            blueprint = try compile(assemblies, configuration: configuration, registry: registry, parent: parent)
        } catch {
            registryAware = error.diagnostics
        }
        var context = AssemblyValidator.Context(parentKeys: parent?.visibleKeys ?? [])
        context.unregisteredSelectors = Set(registryAware.lazy.filter { $0.code == .unknownInitializer }.compactMap(\.location))
        let registryFree = AssemblyValidator.check(assemblies, configuration: configuration, knownEnvironments: knownEnvironments,
                                                   context: context)
        var seen = Set<Diagnostic>()
        let diagnostics = (registryFree + registryAware).filter { seen.insert($0).inserted }
        return (diagnostics.contains { $0.severity == .error } ? nil : blueprint, diagnostics)
    }

    /// Steps 1 to 4; what fails is thrown, every problem of the step that failed.
    private static func compile(_ assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry,
                                parent: Factory?) throws(DiagnosticReport) -> FactoryBlueprint {
        var definitions = DefinitionInheritance.resolve(assemblies.components.filter { $0.isActive(in: configuration.environment) })

        let infrastructure = try buildInfrastructure(definitions, configuration: configuration, registry: registry)
        var converters = registry.converters
        for converter in infrastructure.converters {
            converters.register(converter)
        }
        let factoryPostProcessors = ordered(registry.factoryPostProcessors + infrastructure.factoryPostProcessors)
        for postProcessor in factoryPostProcessors {
            do {
                try postProcessor.postProcess(&definitions)
            } catch {
                throw DiagnosticReport([Diagnostic(
                    .buildFailed, "factory post-processor \(type(of: postProcessor)) failed: \(ComponentBuildFailure.message(of: error))", at: nil)])
            }
        }

        var compiler = PlanCompiler(definitions: definitions, aliases: assemblies.aliases, configuration: configuration,
                                    registry: registry, converters: converters, parent: parent)
        guard let plans = compiler.compile() else { throw DiagnosticReport(compiler.diagnostics) }
        let table = PlanTable(plans: plans, indexByKey: compiler.keys,
                              postProcessors: ordered(registry.componentPostProcessors + infrastructure.componentPostProcessors),
                              environment: configuration.environment, parentAliases: compiler.parentAliases)
        var seeded: [Int: Any] = [:]
        for (key, instance) in infrastructure.instances {
            if let index = compiler.keys[key] { seeded[index] = instance }
        }
        return FactoryBlueprint(table: table, seeded: seeded)
    }

    private struct Infrastructure {
        var instances: [String: Any] = [:]
        var converters: [any TypeConverter] = []
        var factoryPostProcessors: [any FactoryPostProcessor] = []
        var componentPostProcessors: [any ComponentPostProcessor] = []
    }

    /// Compiles and builds the components whose registered type is a type
    /// converter or a post-processor. They may depend only on each other.
    private static func buildInfrastructure(
        _ definitions: [ComponentDefinition], configuration: Configuration, registry: ComponentRegistry
    ) throws(DiagnosticReport) -> Infrastructure {
        var resolver = PlaceholderResolver(configuration: configuration)
        let chosen = definitions.filter { definition in
            guard !definition.isAbstract, let className = definition.className,
                  let name = try? resolver.resolve(className.text, at: className.location) else { return false }
            return !(registry.registration(named: name)?.roles.isEmpty ?? true)
        }
        var result = Infrastructure()
        guard !chosen.isEmpty else { return result }
        var compiler = PlanCompiler(definitions: chosen, configuration: configuration, registry: registry, converters: registry.converters)
        guard let plans = compiler.compile() else {
            let notes = [Diagnostic.Note("type converters and post-processors are built first, so they may reference only each other")]
            throw DiagnosticReport(compiler.diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.notes += notes
                return diagnostic
            })
        }
        let factory = Factory(table: PlanTable(plans: plans, indexByKey: compiler.keys, postProcessors: [],
                                               environment: configuration.environment), seeded: [:])
        for plan in plans {
            let instance: Any
            do {
                instance = try factory.component(forKey: plan.key)
            } catch {
                throw DiagnosticReport(describing: error, at: plan.location)
            }
            result.instances[plan.key] = instance
            if let converter = instance as? any TypeConverter { result.converters.append(converter) }
            if let postProcessor = instance as? any FactoryPostProcessor { result.factoryPostProcessors.append(postProcessor) }
            if let postProcessor = instance as? any ComponentPostProcessor { result.componentPostProcessors.append(postProcessor) }
        }
        return result
    }

    /// Stable: equal orders keep the order they were added in.
    private static func ordered<Processor>(_ processors: [Processor]) -> [Processor] {
        processors.enumerated().sorted { lhs, rhs in
            let left = order(of: lhs.element), right = order(of: rhs.element)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    private static func order(of processor: Any) -> Int {
        (processor as? any ComponentPostProcessor)?.order ?? (processor as? any FactoryPostProcessor)?.order ?? 0
    }
}
