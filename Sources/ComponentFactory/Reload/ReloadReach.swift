/// What a change of configuration reaches in a live factory's graph: the
/// one owner of which components a reload builds anew and which it keeps.
///
/// - Built anew: each `reloadable` singleton and every component that needs
///   one, through any scope.
/// - Kept: every other singleton (and weak singleton still alive), handed to
///   the new graph as it is.
/// - Refused: a kept singleton that was built with a value the change
///   alters: one of its texts (or of the components built with it, such as
///   object-graph ones) resolves differently, or it takes a settings type
///   whose fields' values changed. It could only see the change after a
///   restart, so the reload is refused (`not-reloadable`), at the
///   `.properties` line of the new value.
///
/// Components built afresh at each use (prototype, object-graph, request)
/// need nothing: the next use builds them from the new graph.
///
/// Every definition's texts are resolved twice, once per configuration,
/// except a text that is one key's placeholder whose key has the same text
/// on both sides, with no placeholder in it: that one is only looked up.
/// When the new graph's build says which plans' texts may resolve
/// differently (compiled wiring keeps a plan whose texts all resolve as
/// before), only theirs are. The graph is walked once backwards from what
/// changed: linear in the assemblies.
struct ReloadReach {
    /// What one graph was made from, as a reload compares it: its plans,
    /// and what its factory was loaded from.
    struct Side {
        let table: PlanTable
        let loaded: LoadedConfiguration
        /// Built from compiled wiring: what the next build of it keeps plans by.
        var wiring: WiringBuild.Previous?

        var configuration: Configuration { loaded.configuration }
        var settingsFields: [SettingsField] { loaded.settingsFields }
        /// The keys that something read, those no source lists among them (providers, environment variables).
        var keysRead: [String] { loaded.keysRead }
    }

    /// The keys whose value changed, sorted.
    let changedKeys: [String]
    /// The new graph's plans that are built anew.
    let rebuilt: Set<Int>
    /// For each kept singleton of the new graph, its plan index in the old one.
    let kept: [(new: Int, old: Int)]
    /// Why the change cannot be applied live; empty when it can.
    let refusals: [Diagnostic]

    /// The reach of the change from `old` to `new`; `candidates`, when
    /// given, holds every plan of `new` one of whose texts may resolve
    /// differently from `old`'s (the others' texts resolve as before).
    init(from old: Side, to new: Side, candidates: Set<Int>? = nil) {
        changedKeys = Self.changedKeys(from: old, to: new.configuration, keysRead: new.keysRead)
        let plans = new.table.plans
        rebuilt = Self.rebuilt(in: new.table)
        guard !changedKeys.isEmpty else {
            kept = []
            refusals = []
            return
        }

        // Where each plan is first altered by the change: a text that resolves differently, or a settings value.
        var altered: [Int: SourceLocation] = [:]
        var oldResolver = PlaceholderResolver(configuration: old.configuration)
        var newResolver = PlaceholderResolver(configuration: new.configuration)
        let definitions = new.loaded.definitions
        for index in candidates.map(Array.init) ?? Array(0..<definitions.count) where index < plans.count {
            definitions[index].forEachText { text in
                guard altered[index] == nil, PlaceholderResolver.mayContainPlaceholder(text.text) else { return }
                // One key's placeholder, the key's text the same on both sides and holding no placeholder: the same value.
                if let key = PlaceholderResolver.plainKey(text.text), case let now = new.configuration.property(forKey: key)?.text,
                   now == old.configuration.property(forKey: key)?.text, !(now.map(PlaceholderResolver.mayContainPlaceholder) ?? false) {
                    return
                }
                var provenance = PlaceholderResolver.Provenance()
                let before = try? oldResolver.resolve(text.text, at: nil)
                let after = try? newResolver.resolve(text.text, at: nil, provenance: &provenance)
                if before != after { altered[index] = provenance.origins.last ?? text.location }
            }
        }
        let changedSettings = Self.changedSettings(old: old, new: new, oldResolver: &oldResolver, newResolver: &newResolver)
        if !changedSettings.isEmpty {
            for plan in plans where altered[plan.index] == nil {
                if let site = Self.settingsSite(of: plan, in: changedSettings) { altered[plan.index] = site }
            }
        }

        // A singleton holds what it was built with, and what was built afresh with it.
        let reachesAltered = ShorterLived(plans, neededBy: new.table.programs.neededBy, isShort: { altered[$0.index] != nil },
                                          passesOn: [.objectGraph, .prototype])
        var kept: [(new: Int, old: Int)] = []
        var refusals: [Diagnostic] = []
        for plan in plans where (plan.scope == .singleton || plan.scope == .weakSingleton) && !rebuilt.contains(plan.index) {
            let through = altered[plan.index] != nil ? plan.index : reachesAltered.needed(by: plan)?.short
            if let through, let site = altered[through] {
                let how = through == plan.index ? "was built with" : "holds '\(plans[through].key)', which was built with"
                refusals.append(Diagnostic(
                    .notReloadable, "this change alters a value that singleton '\(plan.key)' \(how), but it is not reloadable: "
                        + "mark it reloadable=\"yes\" to rebuild it on a change, or restart to apply the change",
                    at: site, notes: [Diagnostic.Note("'\(plan.key)' is defined here", at: plan.location)]))
                continue
            }
            if let old = old.table.keys.byKey[plan.key] { kept.append((plan.index, old)) }
        }
        self.kept = kept
        self.refusals = refusals
    }

    /// The settings types some of whose fields' values changed, by the
    /// dynamic type of their bound value, with the line of the first such value.
    private static func changedSettings(old: Side, new: Side, oldResolver: inout PlaceholderResolver,
                                        newResolver: inout PlaceholderResolver) -> [ObjectIdentifier: SourceLocation] {
        var changedNames: [String: SourceLocation] = [:]
        for field in new.settingsFields where changedNames[field.settings] == nil {
            let before = try? oldResolver.value(forKey: field.key)
            let after = try? newResolver.value(forKey: field.key)
            if before != after, let site = new.configuration.property(forKey: field.key)?.location ?? field.location {
                changedNames[field.settings] = site
            }
        }
        var changed: [ObjectIdentifier: SourceLocation] = [:]
        for value in new.table.settings.values {
            let type = type(of: value)
            if let site = changedNames[String(describing: type)] { changed[ObjectIdentifier(type)] = site }
        }
        return changed
    }

    /// Where a settings value that `plan` was built with changed, if it takes one.
    private static func settingsSite(of plan: ComponentPlan, in changed: [ObjectIdentifier: SourceLocation]) -> SourceLocation? {
        var found: SourceLocation?
        plan.forEachValue { value in
            if found == nil, case .constant(let instance) = value { found = changed[ObjectIdentifier(type(of: instance.value))] }
        }
        return found
    }

    /// The keys whose value differs between `old` and `configuration`, sorted:
    /// what a reload reports, whether it applies the change or refuses it.
    static func changedKeys(from old: Side, to configuration: Configuration, keysRead: [String]) -> [String] {
        var keys = Set(candidateKeys(from: old.configuration, to: configuration)
            ?? old.configuration.keysInAnyOrder + configuration.keysInAnyOrder + old.keysRead + keysRead)
        keys.remove(Configuration.environmentKey)
        return keys.filter { old.configuration.property(forKey: $0)?.text != configuration.property(forKey: $0)?.text }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Every key whose value may differ between `old` and `new`, compared
    /// layer by layer when both stack the same sources: none from a
    /// `.properties` file whose assignments are the same, or from
    /// environment variables that are the same; every key either side of
    /// another file, or of values set in code, lists. Nil when the stacks
    /// differ, when the variables changed (they answer keys they do not
    /// list), or for a layer of another kind: then every key may.
    private static func candidateKeys(from old: Configuration, to new: Configuration) -> [String]? {
        guard old.sources.count == new.sources.count else { return nil }
        var keys: [String] = []
        for (before, after) in zip(old.sources, new.sources) {
            guard before.name == after.name else { return nil }
            switch (before, after) {
            case let (before as PropertiesFileSource, after as PropertiesFileSource):
                if before.document != after.document { keys += before.listedKeys + after.listedKeys }
            case let (before as EnvironmentVariablesSource, after as EnvironmentVariablesSource):
                if before.variables != after.variables { return nil }
            case (is InMemoryPropertySource, is InMemoryPropertySource):
                keys += before.listedKeys + after.listedKeys
            default:
                return nil
            }
        }
        return keys
    }

    /// Each of `keys` with its text in `old` and in `new`, masked where either side holds a secret.
    static func changes(of keys: [String], from old: Configuration, to new: Configuration) -> [ReloadEvent.Change] {
        keys.map { key in
            let (before, after) = (old.property(forKey: key), new.property(forKey: key))
            let isSecret = SecretKeys.isSecret(key) || before?.isSecret == true || after?.isSecret == true
            func shown(_ value: PropertyValue?) -> String? { value.map { isSecret ? SecretKeys.mask : $0.text } }
            return ReloadEvent.Change(key: key, old: shown(before), new: shown(after))
        }
    }

    /// The plans of `table` that a reload builds anew: each reloadable one, and every one that needs one.
    static func rebuilt(in table: PlanTable) -> Set<Int> {
        let plans = table.plans
        let reloaded = ShorterLived.needingReloadable(plans) { table.isReloadable[$0] }
        return Set(plans.indices.filter { table.isReloadable[$0] || reloaded.needed(by: plans[$0]) != nil })
    }

    /// Where each of `keys` is set in `configuration`: its `.properties`
    /// line, or the source that has no file (`environment variable DB_URL`,
    /// a provider's name) at line 0, as the resolver names a value's origin.
    static func origins(of keys: [String], in configuration: Configuration) -> Set<SourceLocation> {
        Set(keys.compactMap { key in
            configuration.property(forKey: key).map { $0.location ?? SourceLocation(file: $0.sourceName, line: 0) }
        })
    }

    /// `diagnostic` pointed first at the changed value it came through: when
    /// one of its notes is at one of `origins` and its own place is not, that
    /// note's place becomes the diagnostic's, and its own place (the XML site
    /// that uses the value) the first note. The person who edited the file sees its line first.
    static func pointedAtChange(_ diagnostic: Diagnostic, origins: Set<SourceLocation>) -> Diagnostic {
        guard let site = diagnostic.location, !origins.contains(site),
              let index = diagnostic.notes.firstIndex(where: { $0.location.map(origins.contains) == true }),
              let origin = diagnostic.notes[index].location else { return diagnostic }
        var pointed = diagnostic
        pointed.location = origin
        pointed.notes.remove(at: index)
        pointed.notes.insert(Diagnostic.Note("the changed value is used here", at: site), at: 0)
        return pointed
    }
}
