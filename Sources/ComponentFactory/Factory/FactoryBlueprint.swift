/// Everything a factory needs before it builds its first component, made in
/// the order Typhoon and Spring use:
///
/// 1. the registry-free checks of ``AssemblyValidator``;
/// 2. the active definitions, with their parents folded in;
/// 3. infrastructure components (type converters and post-processors that
///    the assembly declares) compiled and built first;
/// 4. factory post-processors, in order, editing the definitions;
/// 5. every definition compiled into the plan table, with the converters of
///    step 3 added.
///
/// Registry-aware validation runs the same steps and keeps the diagnostics.
/// A type converter or post-processor that fails to build is `build-failed`.
struct FactoryBlueprint {
    let table: PlanTable
    /// Infrastructure instances already built, by index in `table`.
    let seeded: [Int: Any]

    static func make(assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry) throws(DiagnosticReport) -> FactoryBlueprint {
        let registryFree = AssemblyValidator.check(assemblies, configuration: configuration, knownEnvironments: [])
            .filter { $0.severity == .error }
        guard registryFree.isEmpty else { throw DiagnosticReport(registryFree) }
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
                    .buildFailed, "factory post-processor \(type(of: postProcessor)) failed: \(error)", at: nil)])
            }
        }

        var compiler = PlanCompiler(definitions: definitions, configuration: configuration, registry: registry, converters: converters)
        guard let plans = compiler.compile() else { throw DiagnosticReport(compiler.diagnostics) }
        let table = PlanTable(plans: plans, indexByKey: compiler.keys,
                              postProcessors: ordered(registry.componentPostProcessors + infrastructure.componentPostProcessors),
                              environment: configuration.environment)
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
