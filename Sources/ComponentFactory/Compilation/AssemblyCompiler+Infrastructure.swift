/// The first phase with a registry: the type converters and post-processors
/// that the assemblies declare as components, as Typhoon allowed, compiled
/// on their own so that the caller can build them before anything else
/// converts a value or compiles. They may reference only each other.
extension AssemblyCompiler {
    /// What the first phase came to.
    struct InfrastructurePhase: Sendable {
        /// Every problem of the infrastructure's definitions, each once; the second phase does not say them again.
        var diagnostics: [Diagnostic] = []
        /// One plan per infrastructure definition, numbered among them alone
        /// (a table of their own), when each compiled and nothing has an
        /// error or a construction cycle; nil otherwise.
        var plans: [ComponentPlan]?
        /// The plan index of each infrastructure key.
        var indexByKey: [String: Int] = [:]
    }

    /// Compiles the definitions whose registered type has an infrastructure
    /// role, numbered among themselves; nil when there are none. Afterwards
    /// they are settled: ``compile()`` makes their plans again in the whole
    /// numbering, and reports nothing of theirs but a cycle.
    mutating func compileInfrastructure() -> InfrastructurePhase? {
        guard registry != nil else { return nil }
        if !hasHeads { computeHeads() }
        let chosen = built.indices.filter { planIndex[$0] >= 0 && !(heads[$0]?.registration?.roles.isEmpty ?? true) }
        guard !chosen.isEmpty else { return nil }
        let wholeNumbering = planIndex
        planIndex = Array(repeating: -1, count: built.count)
        for (number, position) in chosen.enumerated() { planIndex[position] = number }
        types = TypeIndex(built.indices.map { planIndex[$0] >= 0 ? heads[$0]?.produces : nil })
        defer {
            planIndex = wholeNumbering
            settled = Set(chosen)
        }

        let part = process(chosen)
        let outer = diagnostics
        diagnostics = part.diagnostics
        for position in chosen { reportReachingOut(position) }
        var phase = InfrastructurePhase(diagnostics: diagnostics)
        diagnostics = outer
        let plans = part.plans.compactMap { $0 }
        var construction = ConstructionEdges(count: built.count)
        for (position, need) in part.needs where planIndex[need.target] >= 0 { construction.add(need, from: position) }
        // A cycle is the whole run's to report; here it only stops the build.
        guard plans.count == chosen.count, !phase.diagnostics.contains(where: { $0.severity == .error }),
              construction.cycles().isEmpty else { return phase }
        phase.plans = plans
        for position in chosen { phase.indexByKey[built[position].key] = planIndex[position] }
        for (alias, key) in index.aliasTargets {
            if let position = index.positionByKey[key], planIndex[position] >= 0 { phase.indexByKey[alias] = planIndex[position] }
        }
        return phase
    }

    /// Reports each component that the infrastructure definition at
    /// `position` names but that is not infrastructure itself: it is built later.
    private mutating func reportReachingOut(_ position: Int) {
        let component = built[position]
        var named = component.factoryComponent.map { [$0] } ?? []
        named += component.dependencies
        named += (component.initializer?.arguments ?? []).flatMap { Self.references(in: $0.value) }
        named += component.properties.flatMap { Self.references(in: $0.value) }
        for reference in named {
            guard let key = quietly(reference), let target = index.position(of: key), planIndex[target] < 0,
                  !built[target].isAbstract else { continue }
            report(.unknownReference,
                   "type converter or post-processor '\(component.key)' cannot use '\(key)', which is neither", at: reference.location,
                   notes: [Diagnostic.Note("'\(key)' is defined here", at: built[target].location)])
        }
    }
}
