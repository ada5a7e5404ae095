/// The type converters and post-processors that an assembly declares as
/// components, as Typhoon allowed: compiled and built before anything else,
/// so that every other value converts with the converters, and the factory
/// post-processors can edit the definitions before they compile. They may
/// reference only each other.
struct Infrastructure {
    /// Each one built, by key: each is a converter or a post-processor, and so `Sendable`.
    var instances: [String: any Sendable] = [:]
    var converters: [any TypeConverter] = []
    var factoryPostProcessors: [any FactoryPostProcessor] = []
    var componentPostProcessors: [any ComponentPostProcessor] = []

    /// Builds what the compiler's first phase compiled; what stops it is
    /// thrown, each error with a note saying why these are built first.
    static func build(_ phase: AssemblyCompiler.InfrastructurePhase, environment: String?) throws(DiagnosticReport) -> Infrastructure {
        guard let plans = phase.plans else {
            let note = Diagnostic.Note("type converters and post-processors are built first, so they may reference only each other")
            throw DiagnosticReport(phase.diagnostics.map { diagnostic in
                guard diagnostic.severity == .error else { return diagnostic }
                var diagnostic = diagnostic
                diagnostic.notes.append(note)
                return diagnostic
            })
        }
        var result = Infrastructure()
        let table = PlanTable(plans: plans, indexByKey: phase.indexByKey, postProcessors: [], environment: environment)
        let factory = Factory(blueprint: FactoryBlueprint(table: table, seeded: [:], definitions: BuiltDefinitions([])), parent: nil)
        for plan in plans {
            let instance: Any
            do {
                instance = try factory.instance(forKey: plan.key).value
            } catch {
                throw DiagnosticReport(phase.diagnostics + DiagnosticReport(describing: error, at: plan.location).diagnostics)
            }
            if let converter = instance as? any TypeConverter {
                result.converters.append(converter)
                result.instances[plan.key] = converter
            }
            if let postProcessor = instance as? any FactoryPostProcessor {
                result.factoryPostProcessors.append(postProcessor)
                result.instances[plan.key] = postProcessor
            }
            if let postProcessor = instance as? any ComponentPostProcessor {
                result.componentPostProcessors.append(postProcessor)
                result.instances[plan.key] = postProcessor
            }
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
