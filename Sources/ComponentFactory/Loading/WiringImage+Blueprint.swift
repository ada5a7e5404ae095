/// The image of what the checker-compiler built: made from a blueprint and
/// the definitions it was compiled from, by a walk that adds no rule of its
/// own (each value is the definition's, beside the plan the compiler made of it).
extension WiringImage {
    /// Why a blueprint has no image yet.
    struct Unprintable: Error {
        let reason: String
    }

    /// The image of `blueprint`, compiled for `environment` with `registry` from `assemblies`.
    init(_ blueprint: FactoryBlueprint, environment: String?, assemblies: AssemblySet,
         registry: ComponentRegistry) throws(Unprintable) {
        let table = blueprint.table
        let plans = table.plans
        let definitions = blueprint.definitions.all
        var components: [Component] = []
        components.reserveCapacity(plans.count)
        for plan in plans {
            let definition = definitions[plan.index]
            let names = plan.names
            let maker: Maker
            var parameters: [ParameterSignature] = []
            if definition.isSeeded {
                maker = .seeded
            } else if names.kind == .factoryMethod, let owner = names.makerOwner, let factoryIndex = plan.factoryIndex,
                      let method = registry.registration(named: owner)?.factoryMethods[names.selector] {
                maker = .factoryMethod(names.selector, factoryType: owner, factory: plans[factoryIndex].key)
                parameters = method.parameters
            } else if let owner = names.makerOwner, let found = registry.registration(named: owner)?.initializers[names.selector] {
                maker = names.kind == .classMethod ? .classMethod(names.selector) : .initializer(names.selector)
                parameters = found.parameters
            } else {
                throw Unprintable(reason: "component '\(plan.key)' has no maker the registry names")
            }
            let given = AssemblyCompiler.given(definition.initializer?.arguments ?? [], to: parameters)
            let arguments = zip(plan.arguments, given).map { Self.value($0, written: $1?.value ?? .autowired, plans: plans) }
            let properties = zip(plan.properties, definition.properties).map { step, property in
                Property(name: step.registration.name, value: Self.value(step.value, written: property.value, plans: plans),
                         location: step.location)
            }
            components.append(Component(
                key: plan.key, location: plan.location, scope: plan.scope, isLazy: plan.isLazy,
                isSeeded: table.isSeeded[plan.index], isReloadable: table.isReloadable[plan.index], type: Self.type(names.registration, writtenAs: definition.className),
                maker: maker, arguments: arguments,
                dependencies: plan.dependencies.map { Self.key(of: $0, plans: plans) },
                properties: properties,
                callbacks: [plan.beforePropertyInjection, plan.afterPropertyInjection, plan.initMethod, plan.destroyMethod].map { $0?.name },
                attributes: definition.attributesReadAtLoad.map { Attribute(name: $0.name.rawValue, value: $0.value) }))
        }
        var aliases: [String: String] = [:]
        for (key, index) in table.keys.byKey where plans[index].key != key {
            aliases[key] = plans[index].key
        }
        self.init(environment: environment, placeholderLocations: assemblies.placeholderLocations, components: components,
                  aliases: aliases.merging(table.parentAliases) { own, _ in own }, serviceGroups: assemblies.serviceGroups)
    }

    /// The registered name to write for a component: none when `class=` chose it by a placeholder,
    /// whose value is the configuration's (a load resolves the attribute, which the image keeps as
    /// written, and its structural stamp holds it to the value compiled).
    private static func type(_ registration: String?, writtenAs className: AttributeValue?) -> String? {
        guard let className, PlaceholderResolver.mayContainPlaceholder(className.text) else { return registration }
        return nil
    }

    /// The key a reference plan stands for.
    private static func key(of plan: ValuePlan, plans: [ComponentPlan]) -> String {
        switch plan {
        case .component(let index): plans[index].key
        case .inherited(let key): key
        case .constant, .collection, .dictionary: ""
        }
    }

    /// `plan`, which the compiler made of `written`, as shape: references by
    /// key, texts as sites. Nested as deep as the assembly's collections,
    /// which the XML reader bounds.
    private static func value(_ plan: ValuePlan, written: InjectedValue, plans: [ComponentPlan]) -> WiringValue {
        switch (plan, written) {
        case (.component, _), (.inherited, _):
            return .component(key(of: plan, plans: plans))
        case (.constant, .text(let text, let hint)):
            return .site(text, hint: hint)
        case (.constant, .autowired):
            return .settings
        case (.constant, _):
            return .null
        case (.collection(let items, _, _), .collection(let collection)):
            return .collection(zip(items, collection.items).map { item, writtenItem in
                switch writtenItem {
                case .reference(let key): value(item, written: .reference(key), plans: plans)
                case .value(let text, let hint): value(item, written: .text(text, requiredType: hint), plans: plans)
                case .null(let location): value(item, written: .null(location), plans: plans)
                case .entry(_, let entry): value(item, written: entry, plans: plans)
                }
            })
        case (.dictionary(let entries, _, _), .collection(let collection)):
            let writtenEntries = collection.items.compactMap { item -> (AttributeValue, InjectedValue)? in
                if case .entry(let key, let value) = item { return (key, value) }
                return nil
            }
            return .dictionary(zip(entries, writtenEntries).map { entry, writtenEntry in
                WiringValue.Entry(key: writtenEntry.0, value: value(entry.value, written: writtenEntry.1, plans: plans))
            })
        case (.collection, _), (.dictionary, _):
            return .null
        }
    }
}

extension ComponentDefinition {
    /// The component's own attributes that a load reads as written, with
    /// their names: those of a component's services (resolved and checked
    /// at each load), and every other that holds a placeholder.
    var attributesReadAtLoad: [(name: AssemblyGrammar.Attribute, value: AttributeValue)] {
        namedAttributes.compactMap { name, value in
            guard let value else { return nil }
            return name.isService || PlaceholderResolver.mayContainPlaceholder(value.text) ? (name, value) : nil
        }
    }
}
