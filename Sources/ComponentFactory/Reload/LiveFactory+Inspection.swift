extension LiveFactory {
    /// How the load went that built generation 1.
    package var inspectedStartup: FactoryInspection.Startup? {
        startup.map(FactoryInspection.Startup.init)
    }

    /// What this live factory says of itself now: the generation serving,
    /// its components, each built singleton with the generation that built
    /// it (a singleton kept across reloads keeps its own), the properties in
    /// force (while a refused reload stands, each key the files set otherwise
    /// flagged ``FactoryInspection/Property/pending``), and the last reloads;
    /// every value masked with `values: .masked`.
    public func inspection(values: FactoryInspection.Values = .shown) -> FactoryInspection {
        let (generation, reloads, refused) = inspected
        let factory = generation.factory
        let states = serviceStates.all
        return FactoryInspection(
            environment: factory.environment, generation: generation.number,
            components: factory.inspectedComponents { generation.builtBy[$0] ?? generation.number },
            properties: factory.inspectedProperties(refused: refused, values: values),
            startup: inspectedStartup, reloads: reloads.map { FactoryInspection.Reload($0, values: values) },
            services: states.services, shutdownBegan: states.shutdownBegan)
    }
}

extension FactoryInspection.Reload {
    /// `event` as an inspection gives it, with its values shown or masked.
    init(_ event: ReloadEvent, values: FactoryInspection.Values = .shown) {
        time = event.time
        durationMilliseconds = event.duration / .milliseconds(1)
        outcome = event.outcome
        generation = event.generation
        changedKeys = event.changedKeys
        changes = event.changes.map { change in
            let masked = values == .masked
            return Change(key: change.key, old: masked ? change.old.map { _ in SecretKeys.mask } : change.old,
                          new: masked ? change.new.map { _ in SecretKeys.mask } : change.new)
        }
        let refused = event.outcome == .refused
        rebuilt = refused ? [] : event.rebuilt
        wouldRebuild = refused ? event.rebuilt : []
        diagnostics = event.diagnostics.map(FactoryInspection.Diagnostic.init)
    }
}
