/// The type converters and post-processors that an assembly declares as
/// components, as Typhoon allowed: compiled and built before anything else,
/// so that every other value converts with the converters, and the factory
/// post-processors can edit the definitions before they compile. They may
/// reference only each other.
struct Infrastructure {
    /// Each one built, by key.
    var instances: [String: Any] = [:]
    var converters: [any TypeConverter] = []
    var factoryPostProcessors: [any FactoryPostProcessor] = []
    var componentPostProcessors: [any ComponentPostProcessor] = []

    /// Compiles and builds the definitions whose registered type has an
    /// infrastructure role; what stops them is thrown, each error with a
    /// note saying why they are built first.
    static func build(_ definitions: [ComponentDefinition], resolver: inout PlaceholderResolver,
                      registry: ComponentRegistry) throws(DiagnosticReport) -> Infrastructure {
        let chosen = definitions.filter { definition in
            guard !definition.isAbstract, let className = definition.className,
                  let name = try? resolver.resolve(className.text, at: className.location) else { return false }
            return !(registry.registration(named: name)?.roles.isEmpty ?? true)
        }
        var result = Infrastructure()
        guard !chosen.isEmpty else { return result }
        var compiler = AssemblyCompiler(written: chosen, built: chosen, aliases: [], resolver: resolver,
                                        registry: registry, converters: registry.converters)
        let compiled = compiler.compile()
        resolver = compiler.resolver
        guard let plans = compiled.plans else {
            let note = Diagnostic.Note("type converters and post-processors are built first, so they may reference only each other")
            throw DiagnosticReport(compiled.diagnostics.filter { $0.severity == .error }.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.notes.append(note)
                return diagnostic
            })
        }
        let table = PlanTable(plans: plans, indexByKey: compiled.indexByKey, postProcessors: [],
                              environment: resolver.configuration.environment)
        let factory = Factory(table: table, seeded: [:])
        for plan in plans {
            let instance: Any
            do {
                instance = try factory.instance(forKey: plan.key).value
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
    static func ordered<Processor>(_ processors: [Processor]) -> [Processor] {
        processors.enumerated().sorted { lhs, rhs in
            let left = order(of: lhs.element), right = order(of: rhs.element)
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    private static func order(of processor: Any) -> Int {
        (processor as? any ComponentPostProcessor)?.order ?? (processor as? any FactoryPostProcessor)?.order ?? 0
    }
}
