import SystemSupport

/// Checks one environment's definitions and, with a registry, compiles them
/// into the plan table: one pass, with one key-and-alias index, one
/// placeholder resolver, one construction graph and, with a registry, one
/// type index for autowiring. Every diagnostic code has one owner here.
///
/// Each definition comes twice: as written (its own attributes, initializer
/// and properties: what the registry-free checks read, so that a mistake in
/// a parent is reported once, at the parent) and as built (its parents
/// folded in and any factory post-processor's edits applied: what is
/// compiled, and what the construction graph holds).
///
/// - Without a registry it reports what `factory validate` reports: keys,
///   aliases, references, attribute values, parameter names and indexes,
///   placeholders, and cycles of construction.
/// - With one it also finds each class's registration, picks the
///   initializer, class method or factory method, matches arguments to
///   parameters, converts every text, type-checks every reference, autowires
///   by type, looks up callbacks and makes a plan per definition.
///
/// With a registry the run has two phases. The first,
/// ``compileInfrastructure()``, compiles only the type converters and
/// post-processors, so that the caller can build them; the caller then hands
/// back their converters (``converters``), any factory post-processor's
/// edits (``replaceDefinitions(written:built:)``) and the bound settings, and
/// ``compile()`` does the rest. The first phase owns every diagnostic of the
/// definitions it compiled; the second reports each of theirs only through
/// the cycle search, which is the whole run's.
///
/// A run of ``splitThreshold`` definitions or more is checked in two halves
/// at once: each half reports into its own lists, joined in definition order.
///
/// ```swift
/// var compiler = AssemblyCompiler(written: active, built: folded, aliases: assemblies.aliases,
///                                 resolver: resolver, registry: registry, converters: registry.converters)
/// let compiled = compiler.compile()
/// ```
struct AssemblyCompiler: Sendable {
    /// What a pass found: every problem, the graph, and (with a registry,
    /// when every definition compiled) the plans.
    struct Compiled: Sendable {
        var diagnostics: [Diagnostic]
        var graph: ComponentGraph
        /// With a registry: one plan per definition that is not abstract, in
        /// order, when each compiled and nothing has an error; nil otherwise.
        var plans: [ComponentPlan]?
        /// The plan index of each key and of each alias of a key here.
        var indexByKey: [String: Int] = [:]
        /// The aliases that stand for a parent factory's component, and its key there.
        var parentAliases: [String: String] = [:]
        /// What autowiring cost, counted.
        var autowiring = AutowiringWork()
        /// How many texts with placeholders were expanded: once each.
        var expansions = 0
    }

    /// What one half of the definitions came to.
    struct Part: Sendable {
        var diagnostics: [Diagnostic] = []
        var graph = ComponentGraph()
        var needs: [(position: Int, need: ConstructionEdges.Need)] = []
        var plans: [ComponentPlan?] = []
        /// The keys the half's placeholders read, for the whole pass's resolver.
        var reads = PlaceholderResolver.Reads()
        /// What the half's autowiring cost.
        var autowiring = AutowiringWork()
        /// The texts the half expanded that had not been before it began.
        var expansions = 0
    }

    /// Runs of at least this many definitions are checked in two halves at once.
    static let splitThreshold = 4_096

    private(set) var written: [ComponentDefinition]
    private(set) var built: [ComponentDefinition]
    let aliases: [AssemblyDocument.AliasDeclaration]
    /// Nil once the caller says the run goes on without one (the infrastructure failed).
    var registry: ComponentRegistry?
    /// Every converter, the infrastructure's among them once it is built.
    var converters: TypeConverters
    /// The parent factories' tables, nearest first.
    let parents: [PlanTable]
    let knownEnvironments: [String]
    /// The settings types bound for the environment, which autowiring offers.
    var settings: BoundSettings
    /// The positions whose parents could not be folded (reported by
    /// ``Inheritance``): what they lack may be what a parent would give.
    private(set) var brokenChains: Set<Int>
    /// Whether to draw the ``ComponentGraph`` (for `graph`); the construction
    /// needs that the cycle search walks are gathered either way.
    let drawsGraph: Bool
    /// The one resolver of the environment, which the steps beside the run
    /// (settings, services) share; handed back with what it learned.
    var resolver: PlaceholderResolver
    /// Each text with placeholders, expanded once: what the check reports
    /// and what the plan converts share it.
    private var expansions: [AttributeValue: Expansion] = [:]
    var index: DefinitionIndex
    /// The plan index of each position, or -1 for one that gets no plan
    /// (abstract, or outside the infrastructure during the first phase).
    var planIndex: [Int]
    /// With a registry: what the first step learned of each definition.
    var heads: [Head?]
    /// Whether ``heads`` are computed for the current definitions.
    var hasHeads = false
    /// The positions that ``compileInfrastructure()`` compiled: it reported their problems.
    var settled: Set<Int> = []
    var types = TypeIndex([])
    /// Each selector's parameter names, worked out once however many components use it.
    private var parameterNamesBySelector: [String: [String]] = [:]
    /// The registered names of the plans made, one instance for all alike.
    var names = ComponentPlan.Names.Interned()
    /// The autowired members of the definition being compiled, and the position each chose, for its edges.
    var autowiredChoices: [(site: SourceLocation, position: Int)] = []
    var diagnostics: [Diagnostic] = []
    /// The registered names that can be built as components, for "did you mean" after an unknown class.
    var buildableNames: [String]?

    /// `written[i]` and `built[i]` are one definition as written and as
    /// built; `parents` are the tables of the parent factories, nearest
    /// first, whose keys references may name. `index` is the index of
    /// `built`'s keys, when the caller has made it already.
    init(written: [ComponentDefinition], built: [ComponentDefinition], aliases: [AssemblyDocument.AliasDeclaration],
         resolver: PlaceholderResolver, registry: ComponentRegistry?, converters: TypeConverters,
         parents: [PlanTable] = [], knownEnvironments: [String] = [], drawsGraph: Bool = false, index: DefinitionIndex? = nil,
         brokenChains: Set<Int> = [], settings: BoundSettings = BoundSettings()) {
        self.written = written
        self.settings = settings
        self.brokenChains = brokenChains
        self.drawsGraph = drawsGraph
        self.built = built
        self.aliases = aliases
        self.resolver = resolver
        self.registry = registry
        self.converters = converters
        self.parents = parents
        self.knownEnvironments = knownEnvironments
        self.index = index ?? DefinitionIndex(built, aliases: aliases, outsideKeys: Self.outsideKeys(parents))
        self.planIndex = Self.planIndexes(built)
        self.heads = Array(repeating: nil, count: registry == nil ? 0 : built.count)
    }

    /// The plan index of each definition: its place among those that are not abstract, or -1.
    static func planIndexes(_ built: [ComponentDefinition]) -> [Int] {
        var next = 0
        return built.map { definition in
            guard !definition.isAbstract else { return -1 }
            defer { next += 1 }
            return next
        }
    }

    /// Takes the definitions as a factory post-processor left them: the
    /// index, plan indexes and heads are made again for them. What the first
    /// phase compiled stays settled, found again by key.
    mutating func replaceDefinitions(written: [ComponentDefinition], built: [ComponentDefinition]) {
        let settledKeys = Set(settled.map { self.built[$0].key })
        self.written = written
        self.built = built
        brokenChains = []
        index = DefinitionIndex(built, aliases: aliases, outsideKeys: Self.outsideKeys(parents))
        planIndex = Self.planIndexes(built)
        heads = Array(repeating: nil, count: registry == nil ? 0 : built.count)
        hasHeads = false
        settled = Set(built.indices.filter { settledKeys.contains(built[$0].key) })
    }

    /// The keys that the parent factories answer.
    static func outsideKeys(_ parents: [PlanTable]) -> Set<String> {
        var outside = Set<String>()
        for table in parents { outside.formUnion(table.keys.byKey.keys) }
        return outside
    }

    // MARK: The pass

    /// Checks every definition, and with a registry compiles each.
    mutating func compile() -> Compiled {
        diagnostics = index.diagnostics
        if registry != nil {
            if !hasHeads { computeHeads() }
            types = TypeIndex(heads.map { $0?.produces })
        }
        let parts: [Part]
        let expandedBefore = expansions.count
        if built.count >= Self.splitThreshold {
            let middle = built.count / 2
            let copy = self
            let second = BackgroundWork { () -> Part in
                var half = copy
                return half.process(middle..<half.built.count)
            }
            parts = [process(0..<middle), second.wait()]
            // The second half resolved on a copy: what it read is the pass's too.
            resolver.absorb(parts[1].reads)
        } else {
            parts = [process(built.indices)]
        }
        var construction = ConstructionEdges(count: built.count)
        var graph = ComponentGraph()
        var plans: [ComponentPlan] = []
        var complete = registry != nil
        for part in parts {
            diagnostics += part.diagnostics
            graph.nodes += part.graph.nodes
            graph.edges += part.graph.edges
            for (position, need) in part.needs { construction.add(need, from: position) }
            for plan in part.plans {
                if let plan { plans.append(plan) } else { complete = false }
            }
        }
        for alias in aliases where drawsGraph {
            graph.edges.append(ComponentGraph.Edge(from: alias.alias.text, to: alias.name.text, kind: .alias))
        }
        reportCycles(construction)
        var compiled = Compiled(diagnostics: diagnostics, graph: graph)
        compiled.autowiring = parts.reduce(AutowiringWork()) { $0 + $1.autowiring }
        // A text that both halves use (a parent's, inherited across the middle) is expanded by each.
        compiled.expansions = parts.reduce(expandedBefore) { $0 + $1.expansions }
        if complete && !diagnostics.contains(where: { $0.severity == .error }) {
            compiled.plans = plans
            (compiled.indexByKey, compiled.parentAliases) = planKeys()
        }
        return compiled
    }

    /// Checks, compiles and draws the definitions at `positions`, in order.
    /// A settled definition (see ``compileInfrastructure()``) is only
    /// planned again and drawn: the first phase reported what it has.
    mutating func process(_ positions: some Sequence<Int>) -> Part {
        var part = Part()
        let outer = diagnostics
        let expandedBefore = expansions.count
        diagnostics = []
        for position in positions {
            autowiredChoices.removeAll(keepingCapacity: true)
            let isSettled = settled.contains(position)
            let before = diagnostics.count
            if !isSettled {
                if registry != nil, let problems = heads[position]?.problems { diagnostics += problems }
                check(position)
            }
            if registry != nil && planIndex[position] >= 0 { part.plans.append(plan(position)) }
            if isSettled { diagnostics.removeSubrange(before...) }
            draw(position, into: &part)
        }
        part.diagnostics = diagnostics
        part.reads = resolver.reads
        part.autowiring = types.work
        part.expansions = expansions.count - expandedBefore
        diagnostics = outer
        return part
    }

    /// The plan index of each key and alias, and the aliases that stand for a parent factory's key.
    private func planKeys() -> (indexByKey: [String: Int], parentAliases: [String: String]) {
        var byKey: [String: Int] = [:]
        for (key, position) in index.positionByKey where planIndex[position] >= 0 {
            byKey[key] = planIndex[position]
        }
        var parentAliases: [String: String] = [:]
        for (alias, key) in index.aliasTargets {
            if let position = index.positionByKey[key] {
                if planIndex[position] >= 0 { byKey[alias] = planIndex[position] }
            } else {
                parentAliases[alias] = key
            }
        }
        return (byKey, parentAliases)
    }

    // MARK: Reporting and resolving

    mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                         severity: Severity = .error, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(code, message, at: location, severity: severity, notes: notes))
    }

    /// One text's placeholders expanded: its value, or why it has none, and what it is made of.
    struct Expansion: Sendable {
        var value: String?
        var failure: Diagnostic?
        var provenance = PlaceholderResolver.Provenance()
    }

    /// The text of `value` with its placeholders expanded, the first time it is asked for; the same answer after.
    private mutating func expansion(of value: AttributeValue) -> Expansion {
        guard PlaceholderResolver.mayContainPlaceholder(value.text) else { return Expansion(value: value.text) }
        if let known = expansions[value] { return known }
        var expansion = Expansion()
        do {
            expansion.value = try resolver.resolve(value.text, at: value.location, provenance: &expansion.provenance)
        } catch {
            expansion.failure = error
        }
        expansions[value] = expansion
        return expansion
    }

    /// The text with its placeholders resolved, or nil after reporting why
    /// not: for the check of the definition that wrote it, which asks once per attribute.
    mutating func resolved(_ value: AttributeValue) -> String? {
        let expansion = expansion(of: value)
        if let failure = expansion.failure { diagnostics.append(failure) }
        return expansion.value
    }

    /// The text with its placeholders resolved, or nil: for what the check
    /// of the definition that wrote it reports.
    mutating func quietly(_ value: AttributeValue) -> String? {
        expansion(of: value).value
    }

    /// The resolved text, adding the `.properties` lines it came from, and
    /// whether a secret went into it, to `provenance`; nil (reported by the
    /// owner's check) when it does not resolve.
    mutating func quietly(_ value: AttributeValue, provenance: inout PlaceholderResolver.Provenance) -> String? {
        let expansion = expansion(of: value)
        provenance.add(expansion.provenance)
        return expansion.value
    }

    private mutating func parameterNames(of selector: String) -> [String] {
        if let known = parameterNamesBySelector[selector] { return known }
        let names = SelectorParameters.names(of: selector)
        parameterNamesBySelector[selector] = names
        return names
    }

    // MARK: Registry-free checks, of each definition as written

    mutating func check(_ position: Int) {
        let component = written[position]
        checkAttributes(component, built: built[position])
        if let className = component.className {
            _ = resolved(className)
        } else if built[position].className == nil && built[position].factoryComponent == nil && !component.isAbstract
                    && !brokenChains.contains(position) {
            report(.missingAttribute,
                   "component '\(component.key)' needs 'class' (or a 'parent' to inherit it from, or a 'factory-component' to make it)",
                   at: component.location)
        }
        if let factory = component.factoryComponent {
            checkReference(factory, from: component, role: "factory component", parentMayHaveIt: false)
        }
        for dependency in component.dependencies {
            checkReference(dependency, from: component, role: "depends-on")
        }
        if let initializer = component.initializer {
            checkInitializer(initializer, of: component, namesMatter: !(registry != nil && heads[position]?.skipsParameterNames == true))
        }
        for property in component.properties {
            checkValue(property.value, of: component)
        }
    }

    private mutating func checkAttributes(_ component: ComponentDefinition, built: ComponentDefinition) {
        if let scope = component.scopeAttribute, built.scope == nil {
            report(.invalidAttributeValue,
                   "'\(scope.text)' is not a scope; use one of " + Scope.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                       + SpellingSuggestions.didYouMean(scope.text, among: Scope.allCases.map(\.rawValue) + ["weakSingleton", "default"]),
                   at: scope.location)
        }
        if let lazy = component.lazyInit { checkBoolean(lazy) }
        if let abstract = component.abstract { checkBoolean(abstract) }
        if let seeded = component.seeded {
            checkBoolean(seeded)
            if built.isSeeded && built.scope != .request {
                report(.invalidAttributeValue, "seeded applies to request components only: component '\(component.key)' is given "
                           + "when a scope opens, so write scope=\"request\"", at: seeded.location)
            } else if built.isSeeded && (built.initializer != nil || !built.properties.isEmpty || built.factoryComponent != nil) {
                report(.invalidAttributeValue, "seeded component '\(component.key)' is given when a scope opens, never built: "
                           + "it takes no <initializer>, <property> or factory-component", at: seeded.location)
            }
        }
        if let reloadable = component.reloadable {
            checkBoolean(reloadable)
            if built.isReloadable, let scope = built.scope, scope != .singleton {
                report(.invalidAttributeValue, "reloadable applies to singletons only: component '\(component.key)' is \(scope.rawValue), "
                           + "built afresh at each use from the graph of the moment, so it sees new values without it",
                       at: reloadable.location, severity: .warning)
            }
        }
        if let lazy = component.lazyInit, BooleanAttribute.parse(lazy.text) == true, built.scope != .singleton {
            report(.invalidAttributeValue, "lazy-init applies to singletons only; component '\(component.key)' is not one",
                   at: lazy.location, severity: .warning)
        }
        if let classMethod = component.initializer?.isClassMethod,
           BooleanAttribute.parse(classMethod.text) == nil && classMethod.text.lowercased() != "guess" {
            report(.invalidAttributeValue, "'\(classMethod.text)' is not true, yes, false, no or guess", at: classMethod.location)
        }
    }

    private mutating func checkBoolean(_ attribute: AttributeValue) {
        if BooleanAttribute.parse(attribute.text) == nil {
            report(.invalidAttributeValue, "'\(attribute.text)' is not true, yes, false or no", at: attribute.location)
        }
    }

    /// `parentMayHaveIt`: whether a parent factory's component will do.
    private mutating func checkReference(_ reference: AttributeValue, from component: ComponentDefinition, role: String,
                                         parentMayHaveIt: Bool = true) {
        guard let key = resolved(reference) else { return }
        guard let target = index.position(of: key) else {
            if parentMayHaveIt && index.isOutside(key) { return }
            report(.unknownReference, "no component with key '\(key)' for the \(role) of '\(component.key)'"
                       + index.didYouMean(key), at: reference.location)
            return
        }
        if built[target].isAbstract {
            report(.abstractReference, "'\(key)' is abstract and is never built; reference a component that inherits from it",
                   at: reference.location, notes: [Diagnostic.Note("'\(key)' is declared abstract here", at: built[target].location)])
        }
    }

    private mutating func checkValue(_ value: InjectedValue, of component: ComponentDefinition) {
        switch value {
        case .reference(let reference):
            checkReference(reference, from: component, role: "reference")
        case .text(let text, _):
            _ = resolved(text)
        case .collection(let collection):
            checkCollection(collection, of: component)
        case .null, .autowired:
            break
        }
    }

    private mutating func checkCollection(_ collection: CollectionDefinition, of component: ComponentDefinition) {
        guard let kind = collection.kind else {
            let text = collection.kindAttribute?.text ?? ""
            report(.invalidAttributeValue, "'\(text)' is not a collection type; use Array, Set or Dictionary"
                       + SpellingSuggestions.didYouMean(text, among: CollectionDefinition.Kind.allCases.map(\.rawValue)),
                   at: collection.kindAttribute?.location ?? collection.location)
            return
        }
        for item in collection.items {
            switch item {
            case .reference(let reference):
                if kind == .dictionary { reportNotAnEntry(reference.location) }
                checkReference(reference, from: component, role: "collection")
            case .value(let text, _):
                if kind == .dictionary { reportNotAnEntry(text.location) }
                _ = resolved(text)
            case .entry(let key, let value):
                if kind != .dictionary {
                    report(.invalidAttributeValue, "<entry> belongs in a Dictionary collection; this one is \(kind.rawValue)",
                           at: key.location)
                }
                // The key is a text like any value: a placeholder in it that does not resolve is reported here, at it.
                _ = resolved(key)
                checkValue(value, of: component)
            case .null:
                break
            }
        }
    }

    private mutating func reportNotAnEntry(_ location: SourceLocation) {
        report(.invalidAttributeValue, "a Dictionary collection holds <entry key=…> items only", at: location)
    }

    /// Checks each argument's parameter name or index against the selector,
    /// once each, and its value. `namesMatter` is false when the registry has
    /// no such selector for the component: then its names mean nothing, and
    /// the registry's `unknown-initializer` says why.
    private mutating func checkInitializer(_ initializer: InitializerDefinition, of component: ComponentDefinition, namesMatter: Bool) {
        let selector = initializer.selector.text
        let names = namesMatter ? parameterNames(of: selector) : []
        // The parameter each argument before this one gave, or -1: arguments are a handful, so a scan beats a table.
        var given: [Int] = []
        for argument in initializer.arguments {
            defer { checkValue(argument.value, of: component) }
            guard namesMatter else { continue }
            var position: Int?
            if let name = argument.parameterName {
                position = names.firstIndex(of: name.text)
                if position == nil {
                    let valid = names.isEmpty ? "it takes none" : "valid: " + names.map { "'\($0)'" }.joined(separator: ", ")
                    report(.unknownParameter,
                           "'\(selector)' has no parameter '\(name.text)'" + SpellingSuggestions.didYouMean(name.text, among: names) + " (\(valid))",
                           at: name.location)
                }
            }
            if let index = argument.index {
                if let number = Int(index.text), number >= 0 {
                    if number >= names.count {
                        report(.invalidAttributeValue,
                               "index \(number) is out of range: '\(selector)' takes \(names.count) argument\(names.count == 1 ? "" : "s")",
                               at: index.location)
                    } else if argument.parameterName == nil {
                        position = number
                    }
                } else {
                    report(.invalidAttributeValue, "index '\(index.text)' is not a whole number from 0", at: index.location)
                }
            }
            if initializer.arguments.count > 1 {
                if let position, let earlier = given.firstIndex(of: position) {
                    report(.invalidAttributeValue, "parameter '\(names[position])' of '\(selector)' is given twice",
                           at: argument.location, notes: [Diagnostic.Note("first given here", at: initializer.arguments[earlier].location)])
                    given.append(-1)
                } else {
                    given.append(position ?? -1)
                }
            }
        }
    }

    // MARK: The graph, of each definition as built

    /// Adds the definition's construction needs, for the cycle search; and
    /// when ``drawsGraph``, its node and an edge for everything building it uses.
    mutating func draw(_ position: Int, into part: inout Part) {
        let component = built[position]
        let key = component.key
        let drawing = drawsGraph
        func need(_ name: String, _ site: SourceLocation, isDependsOn: Bool = false) {
            if let target = index.position(of: name) {
                part.needs.append((position, ConstructionEdges.Need(target: target, site: site, isDependsOn: isDependsOn)))
            }
        }
        func edge(_ to: String, _ kind: ComponentGraph.Edge.Kind, via: String? = nil, isAutowired: Bool = false) {
            if drawing { part.graph.edges.append(ComponentGraph.Edge(from: key, to: to, kind: kind, via: via, isAutowired: isAutowired)) }
        }
        if drawing {
            part.graph.nodes.append(ComponentGraph.Node(
                key: key, className: component.className.map { quietly($0) ?? $0.text } ?? "",
                scope: component.scope?.rawValue ?? component.scopeAttribute?.text ?? "", location: component.location))
            if let parent = written[position].parent { edge(parent.text, .parent) }
        }
        if let factory = component.factoryComponent {
            let target = quietly(factory) ?? factory.text
            edge(target, .factory)
            need(target, factory.location)
        }
        for dependency in component.dependencies {
            let target = quietly(dependency) ?? dependency.text
            edge(target, .dependsOn)
            need(target, dependency.location, isDependsOn: true)
        }
        for argument in component.initializer?.arguments ?? [] {
            let via = argument.parameterName?.text ?? argument.index.map { "#\($0.text)" }
            for reference in Self.references(in: argument.value) {
                let target = quietly(reference) ?? reference.text
                edge(target, .reference, via: via)
                need(target, reference.location)
            }
            if case .autowired = argument.value, let chosen = autowiredChoice(at: argument.location) {
                edge(built[chosen].key, .reference, via: via, isAutowired: true)
                part.needs.append((position, ConstructionEdges.Need(target: chosen, site: argument.location)))
            }
        }
        guard drawing else { return }
        for property in component.properties {
            for reference in Self.references(in: property.value) {
                edge(quietly(reference) ?? reference.text, .reference, via: property.name.text)
            }
            if case .autowired = property.value, let chosen = autowiredChoice(at: property.location) {
                edge(built[chosen].key, .reference, via: property.name.text, isAutowired: true)
            }
        }
    }

    private func autowiredChoice(at site: SourceLocation) -> Int? {
        autowiredChoices.first { $0.site == site }?.position
    }

    static func references(in value: InjectedValue) -> [AttributeValue] {
        switch value {
        case .reference(let reference): [reference]
        case .collection(let collection):
            collection.items.flatMap { item -> [AttributeValue] in
                switch item {
                case .reference(let reference): [reference]
                case .entry(_, let value): references(in: value)
                case .value, .null: []
                }
            }
        case .text, .null, .autowired: []
        }
    }

    /// Reports each loop of construction needs once, at the first component on it.
    private mutating func reportCycles(_ construction: ConstructionEdges) {
        for cycle in construction.cycles() {
            guard let first = cycle.positions.first else { continue }
            let keys = cycle.positions.map { built[$0].key }
            let path = (keys + [built[cycle.closingAt].key]).joined(separator: " → ")
            let notes = cycle.positions.map { Diagnostic.Note("'\(built[$0].key)' is defined here", at: built[$0].location) }
            let message = cycle.throughDependsOn
                ? "construction cycle through depends-on: \(path); a component cannot be built before itself"
                : "initializer cycle: \(path); break it with property injection on one of them"
            report(.initializerCycle, message, at: built[first].location, notes: notes)
        }
    }
}
