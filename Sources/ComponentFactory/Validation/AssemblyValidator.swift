import JavaProperties

/// The registry-free checks of loaded assemblies in one environment.
///
/// - Keys are unique among the components that exist in the environment
///   (profiles may give two environments two components of one key).
/// - Every `ref`, `parent`, `factory-component` and `depends-on` key names
///   such a component (directly or through an `<alias>`), and none names an
///   abstract one. An alias shadows no key and stands for a component.
/// - No initializer, factory component or `depends-on` needs, through
///   others, the component it builds: `initializer-cycle`.
/// - Arguments name parameters of their selector, or indexes within it.
/// - `scope`, `lazy-init`, `abstract`, `is-class-method`, collection types
///   and profile expressions hold valid values.
/// - Every placeholder in `class=`, `ref=`, `value=` and `<value>` resolves.
///
/// ```swift
/// let diagnostics = AssemblyValidator.check(loaded.assemblies, configuration: configuration,
///                                           knownEnvironments: root.environments)
/// ```
public enum AssemblyValidator {
    /// The registry-free checks of `assemblies` in the environment of `configuration`.
    public static func check(
        _ assemblies: AssemblySet, configuration: Configuration, knownEnvironments: [String]
    ) -> [Diagnostic] {
        check(assemblies, configuration: configuration, knownEnvironments: knownEnvironments, context: Context())
    }

    /// What the checks know from outside the assemblies.
    struct Context {
        /// Keys of parent factories, which `ref=` and `depends-on` may name.
        var parentKeys: Set<String> = []
        /// The selectors (by where they are written) that the registry does
        /// not have: their parameter names mean nothing, so they are not
        /// checked; the registry-aware check reports the selector itself.
        var unregisteredSelectors: Set<SourceLocation> = []
    }

    static func check(
        _ assemblies: AssemblySet, configuration: Configuration, knownEnvironments: [String], context: Context
    ) -> [Diagnostic] {
        var run = ValidationRun(configuration: configuration, knownEnvironments: knownEnvironments, context: context)
        run.check(assemblies.components, aliases: assemblies.aliases)
        return run.diagnostics
    }
}

private struct ValidationRun {
    let configuration: Configuration
    let knownEnvironments: [String]
    let context: AssemblyValidator.Context
    var resolver: PlaceholderResolver
    var diagnostics: [Diagnostic] = []
    /// The active components, and the position in `active` of the first of each key.
    private var active: [ComponentDefinition] = []
    private var positionByKey: [String: Int] = [:]

    private var aliases = AliasTable([], keys: [:])
    /// Each selector's parameter names, worked out once however many components use it.
    private var parameterNamesBySelector: [String: [String]] = [:]

    private mutating func parameterNames(of selector: String) -> [String] {
        if let known = parameterNamesBySelector[selector] { return known }
        let names = Selector.parameterNames(of: selector)
        parameterNamesBySelector[selector] = names
        return names
    }

    /// The keys, prepared for "did you mean" once, when the first one is wanted.
    private var keySpelling: SpellingIndex?

    /// "; did you mean …?" among the active components' keys.
    private mutating func didYouMeanKey(_ key: String) -> String {
        if keySpelling == nil { keySpelling = SpellingIndex(positionByKey.keys.sorted()) }
        return keySpelling?.didYouMean(key) ?? ""
    }

    init(configuration: Configuration, knownEnvironments: [String], context: AssemblyValidator.Context) {
        self.configuration = configuration
        self.knownEnvironments = knownEnvironments
        self.context = context
        self.resolver = PlaceholderResolver(configuration: configuration)
    }


    private mutating func report(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation,
        severity: Severity = .error, notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(Diagnostic(code, message, at: location, severity: severity, notes: notes))
    }

    /// The text with its placeholders resolved, or nil after reporting why not.
    private mutating func resolved(_ value: AttributeValue) -> String? {
        do {
            return try resolver.resolve(value.text, at: value.location)
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    // The loops below read definitions by position from arrays that nothing
    // changes meanwhile; a copy of a definition is one retain of its box.
    mutating func check(_ components: [ComponentDefinition], aliases declarations: [AssemblyDocument.AliasDeclaration]) {
        for position in components.indices where !components[position].profiles.isEmpty {
            checkProfiles(components[position])
        }
        // Shared, not copied, when every component exists in the environment (the common case).
        let environment = configuration.environment
        active = components.allSatisfy { $0.profiles.isEmpty } ? components : components.filter { $0.isActive(in: environment) }
        positionByKey.reserveCapacity(active.count)
        let active = self.active
        for position in active.indices {
            if let first = positionByKey[active[position].key] {
                report(.duplicateKey, "duplicate key '\(active[position].key)'",
                       at: active[position].keyAttribute?.location ?? active[position].location,
                       notes: [Diagnostic.Note("first defined here", at: active[first].keyAttribute?.location ?? active[first].location)])
            } else {
                positionByKey[active[position].key] = position
            }
        }
        if !declarations.isEmpty {
            aliases = AliasTable(declarations, keys: positionByKey.mapValues { active[$0].keyAttribute?.location ?? active[$0].location },
                                 outsideKeys: context.parentKeys)
            diagnostics += aliases.diagnostics
        }
        checkComponents()
        checkInitializerCycles()
    }

    /// Runs of at least this many components are checked in two halves at once.
    static let splitThreshold = 4_096

    /// Checks each active component on its own, in two halves on two threads
    /// when there are many: the checks of one component read the others but
    /// change nothing they share. Each half reports into its own list, and
    /// the lists are joined in component order.
    private mutating func checkComponents() {
        guard active.count >= Self.splitThreshold else {
            for position in active.indices { checkComponent(active[position]) }
            return
        }
        let middle = active.count / 2
        var start = self
        start.diagnostics = []
        let second = BackgroundWork { [start] () -> [Diagnostic] in
            var run = start
            for position in middle..<run.active.count { run.checkComponent(run.active[position]) }
            return run.diagnostics
        }
        for position in 0..<middle { checkComponent(active[position]) }
        diagnostics += second.wait()
    }

    private mutating func checkComponent(_ component: ComponentDefinition) {
        checkAttributes(component)
        checkParent(component)
        if let className = component.className {
            _ = resolved(className)
        } else if component.parent == nil && component.factoryComponent == nil && !component.isAbstract {
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
            checkInitializer(initializer, of: component)
        }
        for property in component.properties {
            checkValue(property.value, of: component)
        }
    }

    // MARK: Attribute values

    private mutating func checkAttributes(_ component: ComponentDefinition) {
        if let scope = component.scopeAttribute, Scope(parsing: scope.text) == nil {
            report(.invalidAttributeValue,
                   "'\(scope.text)' is not a scope; use one of " + Scope.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                       + SpellingSuggestions.didYouMean(scope.text, among: Scope.allCases.map(\.rawValue) + ["weakSingleton", "default"]),
                   at: scope.location)
        }
        if let lazy = component.lazyInit { checkBoolean(lazy) }
        if let abstract = component.abstract { checkBoolean(abstract) }
        if let lazy = component.lazyInit, BooleanAttribute.parse(lazy.text) == true, component.scope != .singleton {
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

    private mutating func checkProfiles(_ component: ComponentDefinition) {
        for profile in component.profiles {
            do {
                let expression = try ProfileExpression(parsing: profile.text)
                guard !knownEnvironments.isEmpty else { continue }
                for term in expression.terms where !knownEnvironments.contains(term.name) {
                    report(.invalidAttributeValue,
                           "profile names the environment '\(term.name)', which the config root does not have"
                               + SpellingSuggestions.didYouMean(term.name, among: knownEnvironments),
                           at: profile.location, severity: .warning)
                }
            } catch {
                report(.invalidAttributeValue, "invalid profile expression: \(error.message)", at: profile.location)
            }
        }
    }

    // MARK: References

    private mutating func checkParent(_ component: ComponentDefinition) {
        guard let parent = component.parent else { return }
        guard let first = positionByKey[parent.text] else {
            report(.unknownParent, "no component with key '\(parent.text)' to inherit from"
                       + didYouMeanKey(parent.text), at: parent.location)
            return
        }
        // A parent with no parent of its own ends the chain (the common case).
        if active[first].parent == nil { return }
        // At most maximumDepth steps up, so the check of every component together stays linear.
        var seen = [component.key]
        var current: Int? = first
        while let ancestor = current {
            let ancestorKey = active[ancestor].key
            if seen.contains(ancestorKey) {
                report(.unknownParent, "parent chain loops: " + (seen + [ancestorKey]).joined(separator: " → "), at: parent.location)
                return
            }
            guard seen.count <= DefinitionInheritance.maximumDepth else {
                report(.unknownParent, "the parent chain of '\(component.key)' is more than \(DefinitionInheritance.maximumDepth) "
                           + "definitions deep; flatten it", at: parent.location)
                return
            }
            seen.append(ancestorKey)
            current = active[ancestor].parent.flatMap { positionByKey[$0.text] }
        }
    }

    /// `parentMayHaveIt`: whether a parent factory's component will do.
    private mutating func checkReference(_ reference: AttributeValue, from component: ComponentDefinition, role: String,
                                         parentMayHaveIt: Bool = true) {
        guard let key = resolved(reference) else { return }
        guard let target = positionByKey[aliases.key(for: key)] else {
            if parentMayHaveIt && context.parentKeys.contains(aliases.key(for: key)) { return }
            report(.unknownReference, "no component with key '\(key)' for the \(role) of '\(component.key)'"
                       + didYouMeanKey(key), at: reference.location)
            return
        }
        if active[target].isAbstract {
            report(.abstractReference, "'\(key)' is abstract and is never built; reference a component that inherits from it",
                   at: reference.location, notes: [Diagnostic.Note("'\(key)' is declared abstract here", at: active[target].location)])
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
                checkValue(value, of: component)
            case .null:
                break
            }
        }
    }

    private mutating func reportNotAnEntry(_ location: SourceLocation) {
        report(.invalidAttributeValue, "a Dictionary collection holds <entry key=…> items only", at: location)
    }

    // MARK: Initializers

    private mutating func checkInitializer(_ initializer: InitializerDefinition, of component: ComponentDefinition) {
        guard context.unregisteredSelectors.isEmpty || !context.unregisteredSelectors.contains(initializer.selector.location) else {
            for argument in initializer.arguments {
                checkValue(argument.value, of: component)
            }
            return
        }
        let names = parameterNames(of: initializer.selector.text)
        for argument in initializer.arguments {
            if let name = argument.parameterName, !names.contains(name.text) {
                let valid = names.isEmpty ? "it takes none" : "valid: " + names.map { "'\($0)'" }.joined(separator: ", ")
                report(.unknownParameter,
                       "'\(initializer.selector.text)' has no parameter '\(name.text)'"
                           + SpellingSuggestions.didYouMean(name.text, among: names) + " (\(valid))",
                       at: name.location)
            }
            if let index = argument.index {
                if let position = Int(index.text), position >= 0 {
                    if position >= names.count {
                        report(.invalidAttributeValue,
                               "index \(position) is out of range: '\(initializer.selector.text)' takes \(names.count) argument\(names.count == 1 ? "" : "s")",
                               at: index.location)
                    }
                } else {
                    report(.invalidAttributeValue, "index '\(index.text)' is not a whole number from 0", at: index.location)
                }
            }
            checkValue(argument.value, of: component)
        }
    }

    /// One key that a component's construction needs, and why.
    private struct ConstructionReference {
        var key: String
        var site: SourceLocation
        var isDependsOn = false
    }

    /// A component on the cycle search's stack, by position, and the next of its references to follow.
    private struct Frame {
        let position: Int
        let references: [ConstructionReference]
        var next = 0

        /// The reference being followed from this component.
        var following: ConstructionReference { references[next - 1] }
    }

    /// The keys a component's construction needs: its initializer's (or an
    /// ancestor's) argument references, its factory component and its
    /// `depends-on` keys.
    private func constructionReferences(of position: Int) -> [ConstructionReference] {
        var references: [ConstructionReference] = []
        if let factory = active[position].factoryComponent {
            references.append(ConstructionReference(key: factory.text, site: factory.location))
        }
        if active[position].dependsOn != nil {
            references += active[position].dependencies.map { ConstructionReference(key: $0.text, site: $0.location, isDependsOn: true) }
        }
        var current: Int? = position
        var steps = 0
        while let definition = current, steps <= DefinitionInheritance.maximumDepth {
            if let arguments = active[definition].initializer?.arguments {
                for argument in arguments {
                    Self.appendReferences(in: argument.value, to: &references)
                }
                break
            }
            current = active[definition].parent.flatMap { positionByKey[$0.text] }
            steps += 1
        }
        return references
    }

    private static func appendReferences(in value: InjectedValue, to references: inout [ConstructionReference]) {
        switch value {
        case .reference(let reference):
            references.append(ConstructionReference(key: reference.text, site: reference.location))
        case .collection(let collection):
            for item in collection.items {
                switch item {
                case .reference(let reference): references.append(ConstructionReference(key: reference.text, site: reference.location))
                case .entry(_, let value): appendReferences(in: value, to: &references)
                case .value, .null: break
                }
            }
        case .text, .null, .autowired:
            break
        }
    }

    /// Finds each cycle of construction-time references once, by a
    /// depth-first search kept on an explicit stack (so that no chain of
    /// components, however long, can overflow the call stack), and reports
    /// it at the first component on it.
    private mutating func checkInitializerCycles() {
        // Where each component is on the stack, or one of these two marks.
        let unseen = -1, done = -2
        var depthOf = [Int](repeating: unseen, count: active.count)
        var stack: [Frame] = []
        var reported = Set<Set<String>>()
        for root in active.indices where depthOf[root] == unseen {
            depthOf[root] = 0
            stack = [Frame(position: root, references: constructionReferences(of: root))]
            while let top = stack.last {
                guard top.next < top.references.count else {
                    depthOf[top.position] = done
                    stack.removeLast()
                    continue
                }
                let reference = top.references[top.next]
                stack[stack.count - 1].next += 1
                let key = aliases.key(for: (try? resolver.resolve(reference.key, at: reference.site)) ?? reference.key)
                guard let target = positionByKey[key], depthOf[target] != done else { continue }
                if depthOf[target] >= 0 {
                    reportCycle(Array(stack[depthOf[target]...]), closingAt: key, reported: &reported)
                    continue
                }
                depthOf[target] = stack.count
                stack.append(Frame(position: target, references: constructionReferences(of: target)))
            }
        }
    }

    /// Reports the cycle that `frames` make, back to `key`, each set of components once.
    private mutating func reportCycle(_ frames: [Frame], closingAt key: String, reported: inout Set<Set<String>>) {
        let keys = frames.map { active[$0.position].key }
        guard reported.insert(Set(keys)).inserted, let first = frames.first?.position else { return }
        let path = (keys + [key]).joined(separator: " → ")
        let notes = frames.map { Diagnostic.Note("'\(active[$0.position].key)' is defined here", at: active[$0.position].location) }
        let message = frames.contains(where: { $0.following.isDependsOn })
            ? "construction cycle through depends-on: \(path); a component cannot be built before itself"
            : "initializer cycle: \(path); break it with property injection on one of them"
        report(.initializerCycle, message, at: active[first].location, notes: notes)
    }
}
