/// What the infrastructure adds to a build (interpreted or compiled): converters, post-processors, and the instances built.
struct InfrastructureStage {
    var infrastructureConverters: [any TypeConverter] = []
    var componentPostProcessors: [any ComponentPostProcessor] = []
    var factoryPostProcessors: [any FactoryPostProcessor] = []
    /// The infrastructure built, by key.
    var seeded: [String: any Sendable] = [:]
    /// Whether a factory post-processor changed the definitions (and so perhaps their keys).
    var isEdited = false

    mutating func adopt(_ infrastructure: Infrastructure, registry: ComponentRegistry) {
        infrastructureConverters = infrastructure.converters
        componentPostProcessors = Infrastructure.ordered(registry.componentPostProcessors + infrastructure.componentPostProcessors)
        factoryPostProcessors = Infrastructure.ordered(registry.factoryPostProcessors + infrastructure.factoryPostProcessors)
        seeded = infrastructure.instances
    }

    /// `registered` with the infrastructure's converters added.
    func converters(_ registered: TypeConverters) -> TypeConverters {
        var converters = registered
        for converter in infrastructureConverters { converters.register(converter) }
        return converters
    }

    /// Lets each factory post-processor edit `built`, in order, and
    /// `written` with it: a definition one edits is checked as it was left;
    /// a list whose length changed is checked whole as left. A
    /// post-processor that throws is `build-failed`, and both lists stay as
    /// they were (the pass checks them with no registry).
    mutating func postProcess(written: inout [ComponentDefinition], built: inout [ComponentDefinition]) -> Diagnostic? {
        guard !factoryPostProcessors.isEmpty else { return nil }
        var edited = built
        for postProcessor in factoryPostProcessors {
            do {
                try postProcessor.postProcess(&edited)
            } catch {
                return Diagnostic(.buildFailed, "factory post-processor \(type(of: postProcessor)) failed: \(Diagnostic.reason(of: error))",
                                  at: nil, underlyingError: error)
            }
        }
        isEdited = edited.count != built.count || edited.indices.contains { edited[$0] != built[$0] }
        if edited.count != built.count {
            written = edited
        } else {
            for position in edited.indices where edited[position] != built[position] {
                written[position] = edited[position]
            }
        }
        built = edited
        return nil
    }
}
