/// The build of one environment from compiled wiring: what
/// ``EnvironmentBuild`` makes of the assemblies, made again from their
/// image with no XML. Each site is resolved through the environment's one
/// resolver and converted by the compiler's own rule
/// (`AssemblyCompiler.converted`); each name is looked up in the registry,
/// and one the registry no longer has is `stale-wiring`. The plan table is
/// lowered as the interpreter's is.
///
/// Given the build of the same image for the values read before (a live
/// factory's reload), it keeps each plan whose value sites all resolve to
/// the texts they did then, and makes only the others: a plan is its
/// texts converted, by the same converters, when no component is a type
/// converter or post-processor. A plan that takes settings is made again.
/// Told which keys' texts changed since then, it looks up no key of a site
/// that was one unchanged key's placeholder alone: it resolves as it did.
struct WiringBuild {
    /// What a build leaves for the next build of the same image, for other
    /// values: its plans, each of its sites as resolved, and its makers' parameters.
    struct Previous: Sendable {
        let table: PlanTable
        let texts: ResolvedTexts
        let parameters: [[ParameterSignature]]
    }

    /// Every problem found, in the order found.
    private(set) var diagnostics: [Diagnostic] = []
    /// What a factory is made from, when nothing has an error.
    private(set) var blueprint: FactoryBlueprint?
    private(set) var settingsFields: [SettingsField] = []
    /// The keys that the sites, the settings and the locations read, in no order.
    private(set) var keysRead: [String] = []
    /// Each value site as it resolved, for the next build of the same image.
    private(set) var resolvedTexts = ResolvedTexts(components: 0)
    /// Given a previous build, the plans some text of which may resolve
    /// differently from there: those made again, and those with an
    /// attribute that holds a placeholder. Nil with none: every plan may.
    private(set) var candidates: Set<Int>?

    private let registry: ComponentRegistry
    private var converters: TypeConverters
    private var settings = BoundSettings()
    /// Each plan's maker's parameters, by plan index: what its definition is given back with (see ``definition(of:parameters:)``).
    private var parameters: [[ParameterSignature]] = []
    /// The component being planned's sites whose placeholders did not resolve, and those that did not convert.
    private var unresolved: [Diagnostic] = []
    private var unconverted: [Diagnostic] = []
    /// The registered names of the plans made, one instance for all alike.
    private var names = ComponentPlan.Names.Interned()
    private var resolver: PlaceholderResolver
    /// The keys whose text changed since the previous build; nil when not known.
    private let changedKeys: Set<String>?

    /// The build of `image` for `configuration`; with `printedMakers`, the
    /// generated code's, its blueprint runs the makers they install. With
    /// `previous`, it keeps what plans it can of it, and `changedKeys`, when
    /// given, holds every key whose text differs from its configuration's.
    init(image: WiringImage, configuration: Configuration, registry: ComponentRegistry, printedMakers: PrintedMakers.Install? = nil,
         previous: Previous? = nil, changedKeys: Set<String>? = nil) {
        self.registry = registry
        self.changedKeys = changedKeys
        converters = registry.converters
        var resolver = PlaceholderResolver(configuration: configuration)
        resolver.reserveSiteReads(image.components.count)  // most components read a key or more
        diagnostics = configuration.problems(resolvingWith: &resolver)
        for location in image.placeholderLocations {
            _ = try? resolver.resolve(location.text, at: location.location)
        }
        self.resolver = resolver
        // A shape the values no longer pick is not built at all.
        guard checkStructural(image.structural) else { return }
        // Type converters and post-processors declared as components first, numbered among themselves, as the interpreter builds them.
        var stage = InfrastructureStage()
        stage.adopt(Infrastructure(), registry: registry)
        let infrastructure = image.components.indices.filter {
            !(typeName(of: image.components[$0]).flatMap { registry.registration(named: $0) }?.roles.isEmpty ?? true)
        }
        if !infrastructure.isEmpty {
            let keys = Self.keys(of: infrastructure.map { image.components[$0] }, aliases: image.aliases)
            let plans = infrastructure.enumerated().compactMap { plan($0.offset, image.components[$0.element], keys: keys) }
            do throws(DiagnosticReport) {
                guard plans.count == infrastructure.count else { throw DiagnosticReport(diagnostics) }
                let phase = AssemblyCompiler.InfrastructurePhase(plans: plans, indexByKey: keys)
                stage.adopt(try Infrastructure.build(phase, environment: configuration.environment), registry: registry)
                converters = stage.converters(registry.converters)
            } catch {
                diagnostics = error.diagnostics
                return
            }
        }
        settings = BoundSettings(registry.settingsTypes, resolver: &self.resolver, converters: converters)
        diagnostics += settings.diagnostics
        settingsFields = settings.fields
        // The service attributes and the group's bounds, resolved and checked by the interpreter's own rules.
        // By index: iterating the components would copy each out of the array.
        let serviceDefinitions = image.components.indices.filter { index in image.components[index].attributes.contains { $0.isService } }
            .compactMap { Self.serviceDefinition(image.components[$0]) }
        var services = ServiceRules(definitions: serviceDefinitions, groups: image.serviceGroups, resolver: &self.resolver)
        // Converters and post-processors of the assemblies' own are built anew for each build: then every plan is made anew.
        let keeping = infrastructure.isEmpty ? previous.flatMap { $0.table.plans.count == image.components.count ? $0 : nil } : nil
        // The same image's keys: the previous table's.
        let keys = keeping?.table.keys.byKey ?? Self.keys(of: image.components, aliases: image.aliases)
        var plans: [ComponentPlan] = []
        plans.reserveCapacity(image.components.count)
        parameters = []
        parameters.reserveCapacity(image.components.count)
        resolvedTexts = ResolvedTexts(components: image.components.count)
        var remade = Set<Int>()
        for index in image.components.indices {
            if let keeping, keeps(image.components[index], as: keeping.texts, at: keeping.texts.positions(of: index)) {
                plans.append(keeping.table.plans[index])
                parameters.append(keeping.parameters[index])
            } else {
                remade.insert(index)
                if let plan = plan(index, image.components[index], keys: keys) { plans.append(plan) }
            }
            if keeping != nil, image.components[index].attributes.contains(where: { PlaceholderResolver.mayContainPlaceholder($0.value.text) }) {
                remade.insert(index)
            }
            resolvedTexts.endComponent()
        }
        if keeping != nil { candidates = remade }
        keysRead = self.resolver.readKeys().map(\.text)  // in no order: inspection sorts what it lists
        guard plans.count == image.components.count else { return }
        let reloadable = Set(image.components.indices.filter { image.components[$0].isReloadable })
        let serviceTable = services.table(for: plans, isService: registry.isService, reloadable: reloadable)
        diagnostics += services.diagnostics
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return }
        let table = keeping.map {
            PlanTable(updating: $0.table, plans: plans, remade: remade, postProcessors: stage.componentPostProcessors,
                      settings: settings.values, services: serviceTable)
        } ?? PlanTable(plans: plans, indexByKey: keys, postProcessors: stage.componentPostProcessors,
                       environment: configuration.environment, settings: settings.values, services: serviceTable,
                       seeded: Set(image.components.indices.filter { image.components[$0].isSeeded }), reloadable: reloadable)
        var seeded: [Int: any Sendable] = [:]
        for (key, instance) in stage.seeded {
            if let index = keys[key] { seeded[index] = instance }
        }
        let (components, makers) = (image.components, parameters)
        blueprint = FactoryBlueprint(table: table, seeded: seeded, definitions: BuiltDefinitions(count: components.count) {
            Self.definition(of: components[$0], parameters: makers[$0])
        })
        if let printedMakers {
            var makers = PrintedMakers(table)
            printedMakers(&makers)
            blueprint?.printed = makers.installed
        }
    }

    /// Whether the plan a previous build made of `component` holds for this
    /// one: it takes no settings, no site has a placeholder in its type
    /// hint, and each site resolves to its text in `before` at `positions`,
    /// in order. The texts resolved are kept as this build's when it holds,
    /// and taken back when not (the plan is made, and resolves them again).
    private mutating func keeps(_ component: WiringImage.Component, as before: ResolvedTexts, at positions: Range<Int>) -> Bool {
        let start = resolvedTexts.count
        var position = positions.lowerBound
        let holds = component.arguments.allSatisfy { matches($0, before, upTo: positions.upperBound, at: &position) }
            && component.properties.allSatisfy { matches($0.value, before, upTo: positions.upperBound, at: &position) }
            && position == positions.upperBound
        if !holds { resolvedTexts.truncate(to: start) }
        return holds
    }

    /// Whether each site of `value`, from `position` on in `before` (up to
    /// `end`), resolves to its text there, in the order
    /// ``value(_:for:component:member:keys:)`` resolves them: kept as it goes, `position` moved past them.
    private mutating func matches(_ value: WiringValue, _ before: ResolvedTexts, upTo end: Int, at position: inout Int) -> Bool {
        // The value itself first; the items of a collection or dictionary on a stack (empty, and unallocated, for any other).
        var next: WiringValue? = value
        var pending: [WiringValue] = []
        while let value = next ?? pending.popLast() {
            next = nil
            switch value {
            case .site(let text, let hint):
                guard matches(text, hint: hint, before, upTo: end, at: &position) else { return false }
            case .settings:
                return false
            case .collection(let items):
                pending += items.reversed()
            case .dictionary(let entries):
                for entry in entries.reversed() {
                    pending.append(entry.value)
                    pending.append(.site(entry.key, hint: nil))
                }
            case .component, .null:
                continue
            }
        }
        return true
    }

    /// Whether the site `text` resolves to the text at `position` in
    /// `before`, its hint holding no placeholder: kept, `position` moved past
    /// it. A plain site whose key is not among the changed keys resolves as
    /// it did: its key is noted as read, and not looked up.
    private mutating func matches(_ text: AttributeValue, hint: AttributeValue?, _ before: ResolvedTexts, upTo end: Int,
                                  at position: inout Int) -> Bool {
        guard position < end, !(hint.map { PlaceholderResolver.mayContainPlaceholder($0.text) } ?? false) else { return false }
        if before.isPlain(at: position), let changedKeys, let key = PlaceholderResolver.plainKey(text.text), !changedKeys.contains(key) {
            resolver.noteRead(plainSiteKey: key)
            resolvedTexts.append(before.texts[position], isPlain: true)
        } else {
            var provenance = PlaceholderResolver.Provenance()
            guard let resolved = try? resolver.resolveSite(text.text, at: text.location, provenance: &provenance),
                  resolved.value == before.texts[position] else { return false }
            resolvedTexts.append(resolved.value, isPlain: resolved.isPlain)
        }
        position += 1
        return true
    }

    /// What this build leaves for the next one of the same image; nil when it made no factory.
    var previous: Previous? {
        blueprint.map { Previous(table: $0.table, texts: resolvedTexts, parameters: parameters) }
    }

    /// `stale-wiring` for each structural text whose value is not the one
    /// the wiring was compiled with: at the `.properties` line that gives
    /// the new value (the text's own line when none does). The value is not shown.
    private mutating func checkStructural(_ structural: [WiringStamps.Structural]) -> Bool {
        let before = diagnostics.count
        for stamp in structural {
            var provenance = PlaceholderResolver.Provenance()
            do {
                let value = try resolver.resolve(stamp.text.text, at: stamp.text.location, provenance: &provenance)
                guard StableHash.of(value) != stamp.hash else { continue }
                let site = stamp.text.location
                diagnostics.append(Diagnostic(
                    .staleWiring, "'\(stamp.text.text)' (\(site)) has a value the compiled wiring has no shape for: it decides "
                        + "which component, type or callback is wired, so the wiring must be compiled again",
                    at: provenance.origins.first ?? site,
                    notes: [Diagnostic.Note("the text that decides the shape", at: site)]))
            } catch {
                diagnostics.append(error)
            }
        }
        return diagnostics.count == before
    }

    /// A definition with `component`'s attributes as written, for ``ServiceRules``; nil when it has no service attribute.
    private static func serviceDefinition(_ component: WiringImage.Component) -> ComponentDefinition? {
        guard component.attributes.contains(where: \.isService) else { return nil }
        return ComponentDefinition(key: component.key, location: component.location, attributes: written(component))
    }

    /// `component`'s attributes as written, each by its name in the grammar (the reader let no other through).
    private static func written(_ component: WiringImage.Component) -> [(name: AssemblyGrammar.Attribute, value: AttributeValue)] {
        component.attributes.compactMap { attribute in AssemblyGrammar.Attribute(rawValue: attribute.name).map { ($0, attribute.value) } }
    }

    /// The plan index of each of `components`' keys, and of each alias of one of them.
    private static func keys(of components: [WiringImage.Component], aliases: [String: String]) -> [String: Int] {
        var indexByKey: [String: Int] = [:]
        for index in components.indices {
            indexByKey[components[index].key] = index
        }
        for (alias, key) in aliases {
            if let index = indexByKey[key] { indexByKey[alias] = index }
        }
        return indexByKey
    }

    /// What a factory made of `blueprint` was loaded from, for its inspection and its reloads.
    func loaded(_ blueprint: FactoryBlueprint, configuration: Configuration) -> LoadedConfiguration {
        LoadedConfiguration(configuration: configuration, definitions: blueprint.definitions, settingsFields: settingsFields,
                            keysRead: keysRead, warnings: diagnostics.filter { $0.severity != .error })
    }

    /// The registered name of `component`'s type: the image's, or, for a `class=` with a placeholder
    /// (whose value the image does not hold), the environment's value of it, which its stamp was checked against.
    private mutating func typeName(of component: WiringImage.Component) -> String? {
        if let type = component.type { return type }
        guard let written = component.attributes.first(where: { $0.name == "class" })?.value else { return nil }
        return try? resolver.resolve(written.text, at: written.location)
    }

    /// `stale-wiring` for `component`: the registry no longer has what the wiring names.
    private mutating func stale(_ component: WiringImage.Component, _ what: String) -> ComponentPlan? {
        diagnostics.append(Diagnostic(.staleWiring, "compiled wiring of component '\(component.key)' names \(what), which the registry "
                                          + "does not have; compile the wiring again", at: component.location))
        return nil
    }

    /// The plan of `component`, or nil after reporting why not. Its problems
    /// come in the interpreter's order: the placeholders that do not resolve
    /// first, in the order written (what its check of the definition finds),
    /// then the values that do not convert (what compiling it finds).
    private mutating func plan(_ index: Int, _ component: WiringImage.Component, keys: [String: Int]) -> ComponentPlan? {
        let plan = makePlan(index, component, keys: keys)
        diagnostics += unresolved.sorted { left, right in
            (left.location?.line ?? 0, left.location?.column ?? 0) < (right.location?.line ?? 0, right.location?.column ?? 0)
        }
        diagnostics += unconverted
        unresolved = []
        unconverted = []
        return plan
    }

    private mutating func makePlan(_ index: Int, _ component: WiringImage.Component, keys: [String: Int]) -> ComponentPlan? {
        var registration = typeName(of: component).flatMap { registry.registration(named: $0) }
        if let type = component.type, registration == nil { return stale(component, "type '\(type)'") }
        let chosenClass = component.type == nil ? component.attributes.first { $0.name == "class" }?.value : nil
        let maker: InitializerRegistration
        var factoryIndex: Int?
        var makerOwner = registration?.name
        switch component.maker {
        case .initializer(let selector), .classMethod(let selector):
            guard let found = registration?.initializers[selector] else { return stale(component, "initializer '\(selector)'") }
            maker = found
        case .factoryMethod(let selector, let factoryType, let factory):
            guard let found = registry.registration(named: factoryType)?.factoryMethods[selector], let position = keys[factory] else {
                return stale(component, "factory method '\(selector)' of '\(factoryType)'")
            }
            (maker, factoryIndex, makerOwner) = (found, position, factoryType)
            // As the interpreter does: a product whose class= names no registration is found by what the method returns.
            if chosenClass != nil, registration == nil { registration = registry.registration(for: found.produces.identity) }
        case .seeded:
            guard let registration else { return stale(component, "a seeded component with no type") }
            maker = InitializerRegistration.seeded(component.key, produces: registration.type)
            makerOwner = nil
        }
        guard maker.parameters.count == component.arguments.count else {
            return stale(component, "'\(maker.selector)' with \(component.arguments.count) parameters")
        }
        var complete = true
        var arguments: [ValuePlan] = []
        for (parameter, value) in zip(maker.parameters, component.arguments) {
            if let plan = self.value(value, for: parameter.type, component: component.key, member: parameter.name, keys: keys) {
                arguments.append(plan)
            } else {
                complete = false
            }
        }
        var steps: [ComponentPlan.PropertyStep] = []
        for property in component.properties {
            guard let setter = registration?.properties[property.name] else { return stale(component, "property '\(property.name)'") }
            if let plan = value(property.value, for: setter.type, component: component.key, member: property.name, keys: keys) {
                steps.append(ComponentPlan.PropertyStep(registration: setter, value: plan, location: property.location))
            } else {
                complete = false
            }
        }
        var callbacks: [CallbackRegistration?] = []
        callbacks.reserveCapacity(component.callbacks.count)
        for name in component.callbacks {
            guard let name else {
                callbacks.append(nil)
                continue
            }
            guard let found = registration?.callbacks[name] else { return stale(component, "callback '\(name)'") }
            callbacks.append(found)
        }
        guard complete, callbacks.count == 4, let produces = registration?.type ?? Optional(maker.produces) else { return nil }
        parameters.append(maker.parameters)
        return ComponentPlan(
            index: index, key: component.key, location: component.location, scope: component.scope, isLazy: component.isLazy,
            produces: produces, maker: maker, arguments: arguments, factoryIndex: factoryIndex,
            dependencies: component.dependencies.map { Self.reference($0, keys: keys) }, properties: steps,
            beforePropertyInjection: callbacks[0], afterPropertyInjection: callbacks[1], initMethod: callbacks[2],
            destroyMethod: callbacks[3], roles: registration?.roles ?? [], isolation: registration?.isolation ?? .nonisolated,
            names: names.names(registration: registration?.name, makerOwner: makerOwner, maker: maker))
    }

    /// The definition of `component` as far as its image tells it: its key, type and
    /// scope, and each argument and property with its site's text and place. What a live
    /// factory resolves again to see what a change reaches, and what inspection names
    /// the readers of a key by; never compiled.
    private static func definition(of component: WiringImage.Component, parameters: [ParameterSignature]) -> ComponentDefinition {
        func injected(_ value: WiringValue) -> InjectedValue {
            switch value {
            case .component(let key): .reference(AttributeValue(key, at: component.location))
            case .site(let text, let hint): .text(text, requiredType: hint)
            case .null: .null(component.location)
            case .settings: .autowired
            case .collection(let items):
                .collection(CollectionDefinition(kindAttribute: nil, items: items.map { item in
                    switch item {
                    case .component(let key): .reference(AttributeValue(key, at: component.location))
                    case .site(let text, let hint): .value(text, requiredType: hint)
                    case .null, .settings, .collection, .dictionary: .null(component.location)
                    }
                }, location: component.location))
            case .dictionary(let entries):
                .collection(CollectionDefinition(kindAttribute: AttributeValue("Dictionary", at: component.location),
                                                 items: entries.map { .entry(key: $0.key, value: injected($0.value)) },
                                                 location: component.location))
            }
        }
        // What the image says of class= and scope= first; each attribute as written wins over it.
        var attributes: [(name: AssemblyGrammar.Attribute, value: AttributeValue)] = []
        if let type = component.type { attributes.append((.class, AttributeValue(type, at: component.location))) }
        attributes.append((.scope, AttributeValue(component.scope.rawValue, at: component.location)))
        var definition = ComponentDefinition(key: component.key, location: component.location, attributes: attributes + written(component))
        let arguments = zip(parameters, component.arguments).map { parameter, value in
            ArgumentDefinition(parameterName: AttributeValue(parameter.name, at: component.location), index: nil,
                               value: injected(value), location: component.location)
        }
        if !arguments.isEmpty {
            definition.initializer = InitializerDefinition(selector: AttributeValue("", at: component.location), isClassMethod: nil,
                                                           arguments: arguments, location: component.location)
        }
        definition.properties = component.properties.map {
            PropertyDefinition(name: AttributeValue($0.name, at: $0.location), value: injected($0.value), location: $0.location)
        }
        return definition
    }

    private static func reference(_ key: String, keys: [String: Int]) -> ValuePlan {
        keys[key].map(ValuePlan.component) ?? .inherited(key: key)
    }

    /// `value` for a member of `type`; nil after reporting why not. Nested
    /// as deep as the wiring's collections, which its reader bounds.
    private mutating func value(_ value: WiringValue, for type: InjectableType, component: String, member: String,
                                keys: [String: Int]) -> ValuePlan? {
        switch value {
        case .component(let key):
            return Self.reference(key, keys: keys)
        case .site(let text, let hint):
            var provenance = PlaceholderResolver.Provenance()
            let resolved: String
            do {
                let site = try resolver.resolveSite(text.text, at: text.location, provenance: &provenance)
                resolved = site.value
                resolvedTexts.append(site.value, isPlain: site.isPlain)
            } catch {
                unresolved.append(error)
                return nil
            }
            do {
                return try AssemblyCompiler.converted(resolved, provenance: provenance, of: text, hint: hint, for: type,
                                                      converters: converters, component: component, member: member)
            } catch {
                unconverted.append(error)
                return nil
            }
        case .null:
            guard let none = type.nilValue else {
                diagnostics.append(Diagnostic(.staleWiring, "compiled wiring gives <null/> to '\(member)' of component '\(component)', "
                                                  + "which is \(type) now; compile the wiring again", at: nil))
                return nil
            }
            return .constant(Instance(any: none))
        case .settings:
            guard let bound = settings.values[type.identity] else { return nil }  // its binding's problems say why
            return .constant(Instance(any: bound))
        case .collection(let items):
            guard let shape = type.collectionShape(written: .array) else { return nil }
            var plans: [ValuePlan] = []
            for item in items {
                guard let plan = self.value(item, for: shape.element, component: component, member: "\(member)[…]", keys: keys) else { return nil }
                plans.append(plan)
            }
            return .collection(items: plans, make: shape.make, typeName: "\(type)")
        case .dictionary(let entries):
            guard let shape = type.collectionShape(written: .dictionary), let keyType = shape.key else { return nil }
            var plans: [(key: Any, value: ValuePlan)] = []
            for entry in entries {
                guard case .constant(let key)? = self.value(.site(entry.key, hint: nil), for: keyType, component: component,
                                                            member: "\(member)[…]", keys: keys),
                      let plan = self.value(entry.value, for: shape.element, component: component, member: "\(member)[…]", keys: keys) else { return nil }
                plans.append((key.value, plan))
            }
            return .dictionary(entries: plans, make: shape.makeDictionary, typeName: "\(type)")
        }
    }
}
