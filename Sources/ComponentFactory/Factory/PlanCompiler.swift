/// Compiles definitions into the plan table, once, against a registry: the
/// registry-aware half of validation happens here.
///
/// It resolves placeholders in `class=`, `ref=` and values, finds each
/// class's registration, picks the initializer, class method or factory
/// method, matches arguments to parameters, converts every text to its
/// parameter's or property's type, type-checks every reference, finds
/// autowired properties by type, and looks up callbacks. Each problem
/// becomes a diagnostic with file:line, naming the component and member,
/// with a "did you mean" where one helps.
///
/// What the registry-free ``AssemblyValidator`` reports (unknown references
/// and parents, bad attribute values, parameter names that the selector does
/// not have, initializer cycles) is skipped here, not reported twice.
struct PlanCompiler {
    /// What the first pass learns of each definition: its registration and
    /// what it produces, so that the second pass can type-check references
    /// to it in any order.
    private struct Head {
        var registration: TypeRegistration?
        var maker: InitializerRegistration?
        var factoryIndex: Int?
        var produces: ProducedType?
    }

    let registry: ComponentRegistry
    let converters: TypeConverters
    let definitions: [ComponentDefinition]
    private(set) var diagnostics: [Diagnostic] = []
    private var resolver: PlaceholderResolver
    /// Each key's index, aliases included.
    private var indexByKey: [String: Int] = [:]
    private let aliases: AliasTable
    /// The factory whose components a reference may name when no definition here has the key.
    private let parent: Factory?
    private var heads: [Head?]
    private var headsInProgress = Set<Int>()

    /// `definitions` are the active, inherited ones; abstract ones are
    /// skipped. `aliases` are other keys for them (the validator reports bad
    /// ones); `parent`'s components answer references that no definition does.
    init(definitions: [ComponentDefinition], aliases: [AssemblyDocument.AliasDeclaration] = [],
         configuration: Configuration, registry: ComponentRegistry, converters: TypeConverters, parent: Factory? = nil) {
        self.definitions = definitions.filter { !$0.isAbstract }
        self.registry = registry
        self.converters = converters
        self.parent = parent
        self.resolver = PlaceholderResolver(configuration: configuration)
        self.heads = Array(repeating: nil, count: self.definitions.count)
        var locations: [String: SourceLocation] = [:]
        for (index, definition) in self.definitions.enumerated() where indexByKey[definition.key] == nil {
            indexByKey[definition.key] = index
            locations[definition.key] = definition.location
        }
        self.aliases = AliasTable(aliases, keys: locations, outsideKeys: parent?.visibleKeys ?? [])
        for (alias, key) in self.aliases.targets {
            if let index = indexByKey[key] { indexByKey[alias] = index }
        }
    }

    /// The plan table, one plan per non-abstract definition, in order; nil
    /// when any definition has an error (they are all in ``diagnostics``).
    mutating func compile() -> [ComponentPlan]? {
        for index in definitions.indices {
            _ = head(index)
        }
        var plans: [ComponentPlan] = []
        for index in definitions.indices {
            if let plan = plan(index) { plans.append(plan) }
        }
        return diagnostics.contains { $0.severity == .error } || plans.count != definitions.count ? nil : plans
    }

    /// The index of each key in the table, aliases included.
    var keys: [String: Int] { indexByKey }

    /// The aliases that stand for a parent factory's component, and its key there.
    var parentAliases: [String: String] { aliases.targets.filter { indexByKey[$0.value] == nil } }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation,
                                 notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(code, message, at: location, notes: notes))
    }

    /// The text with its placeholders resolved; nil after reporting why not.
    private mutating func resolved(_ value: AttributeValue, origins: inout [SourceLocation]) -> String? {
        do {
            return try resolver.resolve(value.text, at: value.location, origins: &origins)
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    private mutating func resolved(_ value: AttributeValue) -> String? {
        var origins: [SourceLocation] = []
        return resolved(value, origins: &origins)
    }

    // MARK: First pass: registrations and produced types

    private mutating func head(_ index: Int) -> Head? {
        if let known = heads[index] { return known }
        guard headsInProgress.insert(index).inserted else { return nil }  // a factory-component loop; the validator reports it
        defer { headsInProgress.remove(index) }
        let definition = definitions[index]
        var head = Head()
        var unregisteredClass: (name: String, attribute: AttributeValue)?
        if let classAttribute = definition.className, let className = resolved(classAttribute) {
            if let registration = registry.registration(named: className) {
                head.registration = registration
                head.produces = registration.type
            } else {
                unregisteredClass = (className, classAttribute)
            }
        }
        if let factoryAttribute = definition.factoryComponent {
            head = factoryHead(head, factoryAttribute: factoryAttribute, of: definition)
            // A factory method's product needs no registration: class= only has to name what it returns.
            if let (className, attribute) = unregisteredClass, let method = head.maker, method.produces.identity.name != className {
                report(.unknownClass,
                       "factory method '\(method.selector)' of component '\(definition.key)' returns \(method.produces), "
                           + "not '\(className)'; write class=\"\(method.produces)\" or leave class= out",
                       at: attribute.location)
            }
        } else if let registration = head.registration {
            head.maker = initializer(of: definition, in: registration)
        } else if let (className, attribute) = unregisteredClass {
            // Suggest only types that can be built as components: not converters or post-processors.
            let buildable = registry.names.filter { registry.registration(named: $0)?.initializers.isEmpty == false }
            let suggestion = SpellingSuggestions.didYouMean(className, among: buildable)
            report(.unknownClass, "no registered type named '\(className)' for component '\(definition.key)'"
                       + (suggestion.isEmpty ? "; register it in the app's ComponentRegistry" : suggestion),
                   at: attribute.location)
        }
        heads[index] = head
        return head
    }

    private mutating func factoryHead(_ start: Head, factoryAttribute: AttributeValue, of definition: ComponentDefinition) -> Head {
        var head = start
        guard let factoryKey = resolved(factoryAttribute), let factoryIndex = indexByKey[factoryKey] else { return head }
        head.factoryIndex = factoryIndex
        guard let factoryHead = self.head(factoryIndex), let factoryRegistration = factoryHead.registration
                ?? factoryHead.produces.flatMap({ registry.registration(for: $0.identity) }) else { return head }
        guard let selector = definition.initializer?.selector else {
            report(.unknownInitializer,
                   "component '\(definition.key)' is made by factory component '\(factoryKey)' and needs "
                       + "<initializer selector=…> naming one of its factory methods",
                   at: definition.location, notes: [registered(factoryRegistration.factoryMethods.keys)])
            return head
        }
        guard let method = factoryRegistration.factoryMethods[selector.text] else {
            report(.unknownInitializer,
                   "'\(factoryRegistration.name)' (factory component '\(factoryKey)') has no factory method '\(selector.text)'"
                       + SpellingSuggestions.didYouMean(selector.text, among: factoryRegistration.factoryMethods.keys),
                   at: selector.location, notes: [registered(factoryRegistration.factoryMethods.keys)])
            return head
        }
        head.maker = method
        if head.registration == nil {
            head.registration = registry.registration(for: method.produces.identity)
            head.produces = head.registration?.type ?? method.produces
        }
        return head
    }

    private mutating func initializer(of definition: ComponentDefinition, in registration: TypeRegistration) -> InitializerRegistration? {
        let selector = definition.initializer?.selector.text ?? "init"
        let site = definition.initializer?.selector.location ?? definition.location
        guard let found = registration.initializers[selector] else {
            let known = registration.initializers.keys
            let advice = definition.initializer == nil
                ? "component '\(definition.key)' has no <initializer>, and '\(registration.name)' registers no 'init' without parameters"
                : "'\(registration.name)' registers no initializer or class method '\(selector)'"
                    + SpellingSuggestions.didYouMean(selector, among: known)
            report(.unknownInitializer, advice, at: site, notes: [registered(known)])
            return nil
        }
        if let classMethod = definition.initializer?.isClassMethod, let wanted = BooleanAttribute.parse(classMethod.text),
           wanted != (found.kind == .classMethod) {
            report(.unknownInitializer,
                   "'\(selector)' is registered as \(found.kind == .classMethod ? "a class method" : "an initializer"), "
                       + "but is-class-method says '\(classMethod.text)'", at: classMethod.location)
            return nil
        }
        return found
    }

    /// The note that lists what is registered, so the message line stays short.
    private func registered(_ names: some Sequence<String>) -> Diagnostic.Note {
        let sorted = names.sorted()
        return Diagnostic.Note("registered: " + (sorted.isEmpty ? "none" : sorted.map { "'\($0)'" }.joined(separator: ", ")))
    }

    // MARK: Second pass: plans

    private mutating func plan(_ index: Int) -> ComponentPlan? {
        let definition = definitions[index]
        guard let head = heads[index] ?? nil, let maker = head.maker, let produces = head.produces else { return nil }
        if let problem = maker.problem {
            report(.unknownInitializer, problem, at: definition.initializer?.selector.location ?? definition.location)
            return nil
        }
        let before = diagnostics.count
        let arguments = self.arguments(for: maker, of: definition, index: index)
        var steps: [ComponentPlan.PropertyStep] = []
        for property in definition.properties {
            guard let registration = head.registration else {
                report(.unknownProperty,
                       "no registration for '\(produces)' to set '\(property.name.text)' on component '\(definition.key)'; "
                           + "give the component a registered class=", at: property.name.location)
                continue
            }
            guard let setter = registration.properties[property.name.text] else {
                report(.unknownProperty,
                       "'\(registration.name)' has no registered property '\(property.name.text)'"
                           + SpellingSuggestions.didYouMean(property.name.text, among: registration.properties.keys),
                       at: property.name.location, notes: [registered(registration.properties.keys)])
                continue
            }
            let member = Member(component: definition, index: index, name: property.name.text, location: property.location)
            if let value = value(property.value, for: setter.type, member: member) {
                steps.append(ComponentPlan.PropertyStep(registration: setter, value: value, location: property.location))
            }
        }
        let dependencies = dependencies(of: definition)
        let callbacks = [definition.beforePropertyInjection, definition.afterPropertyInjection,
                         definition.initMethod, definition.destroyMethod].map { callback($0, of: definition, in: head.registration) }
        guard diagnostics.count == before else { return nil }
        return ComponentPlan(
            index: index, key: definition.key, location: definition.location,
            scope: definition.scope ?? .objectGraph, isLazy: definition.isLazy,
            produces: produces, maker: maker, arguments: arguments, factoryIndex: head.factoryIndex,
            dependencies: dependencies, properties: steps,
            beforePropertyInjection: callbacks[0], afterPropertyInjection: callbacks[1],
            initMethod: callbacks[2], destroyMethod: callbacks[3], roles: head.registration?.roles ?? [])
    }

    private mutating func callback(_ attribute: AttributeValue?, of definition: ComponentDefinition,
                                   in registration: TypeRegistration?) -> CallbackRegistration? {
        guard let attribute else { return nil }
        guard let registration else {
            report(.unknownCallback, "no registration to find callback '\(attribute.text)' of component '\(definition.key)' in",
                   at: attribute.location)
            return nil
        }
        guard let found = registration.callbacks[attribute.text] else {
            report(.unknownCallback,
                   "'\(registration.name)' has no registered callback '\(attribute.text)'"
                       + SpellingSuggestions.didYouMean(attribute.text, among: registration.callbacks.keys),
                   at: attribute.location, notes: [registered(registration.callbacks.keys)])
            return nil
        }
        return found
    }

    // MARK: Arguments

    /// Where a value goes, for messages: `Bean 'knight' -> Property 'quest'`, as Spring says it.
    private struct Member {
        let component: ComponentDefinition
        let index: Int
        let name: String
        let location: SourceLocation
    }

    private mutating func arguments(for maker: InitializerRegistration, of definition: ComponentDefinition, index: Int) -> [ValuePlan] {
        let parameters = maker.parameters
        var given: [ArgumentDefinition?] = Array(repeating: nil, count: parameters.count)
        for argument in definition.initializer?.arguments ?? [] {
            let position: Int?
            if let name = argument.parameterName {
                position = parameters.firstIndex { $0.name == name.text }
            } else if let text = argument.index?.text, let number = Int(text), parameters.indices.contains(number) {
                position = number
            } else {
                position = nil
            }
            // Unknown names and bad indexes are the registry-free validator's to report.
            guard let position else { continue }
            if let earlier = given[position] {
                report(.invalidAttributeValue,
                       "parameter '\(parameters[position].name)' of '\(maker.selector)' is given twice",
                       at: argument.location, notes: [Diagnostic.Note("first given here", at: earlier.location)])
                continue
            }
            given[position] = argument
        }
        var plans: [ValuePlan] = []
        for (position, parameter) in parameters.enumerated() {
            guard let argument = given[position] else {
                report(.missingArgument,
                       "'\(maker.selector)' of component '\(definition.key)' needs parameter '\(parameter.name)' (\(parameter.type)); "
                           + "add <argument parameterName=\"\(parameter.name)\" …/>",
                       at: definition.initializer?.location ?? definition.location)
                continue
            }
            let member = Member(component: definition, index: index, name: parameter.name, location: argument.location)
            if let plan = value(argument.value, for: parameter.type, member: member) { plans.append(plan) }
        }
        return plans
    }

    // MARK: Values

    private mutating func value(_ injected: InjectedValue, for type: InjectableType, member: Member) -> ValuePlan? {
        switch injected {
        case .reference(let reference):
            return self.reference(reference, for: type, member: member)
        case .text(let text, let hint):
            if type.collection != nil && !type.acceptsAnything {
                report(.typeMismatch,
                       "'\(member.name)' of component '\(member.component.key)' is \(type); give it a <collection>, not value=",
                       at: text.location)
                return nil
            }
            return self.text(text, hint: hint, for: type, member: member)
        case .collection(let collection):
            return self.collection(collection, for: type, member: member)
        case .null(let location):
            guard let none = type.nilValue else {
                report(.typeMismatch,
                       "'\(member.name)' of component '\(member.component.key)' is \(type), which is not optional, so it cannot be <null/>",
                       at: location)
                return nil
            }
            return .constant(Instance(any: none))
        case .autowired:
            return autowired(type, member: member)
        }
    }

    private mutating func reference(_ reference: AttributeValue, for type: InjectableType, member: Member) -> ValuePlan? {
        guard let key = resolved(reference) else { return nil }
        let produced: ProducedType
        let definedAt: SourceLocation
        let plan: ValuePlan
        if let target = indexByKey[key] {
            guard let own = head(target)?.produces else { return nil }
            (produced, definedAt, plan) = (own, definitions[target].location, .component(target))
        } else if let inherited = parent?.plan(forKey: aliases.key(for: key)) {
            (produced, definedAt, plan) = (inherited.produces, inherited.location, .inherited(key: aliases.key(for: key)))
        } else {
            return nil  // the validator reports the unknown key
        }
        guard type.accepts(produced) else {
            report(.typeMismatch,
                   "'\(member.name)' of component '\(member.component.key)' is \(type), but '\(key)' is \(produced)",
                   at: reference.location,
                   notes: [Diagnostic.Note("'\(key)' is defined here", at: definedAt),
                           Diagnostic.Note("a component fits when its registered type is \(type.identity.name), a subclass of it, "
                                               + "or is registered with conformsTo: [\(type.identity.name)]")])
            return nil
        }
        return plan
    }

    /// The components that `depends-on` names, to build first.
    private mutating func dependencies(of definition: ComponentDefinition) -> [ValuePlan] {
        definition.dependencies.compactMap { dependency in
            guard let key = resolved(dependency) else { return nil }
            if let index = indexByKey[key] { return .component(index) }
            let canonical = aliases.key(for: key)
            return parent?.plan(forKey: canonical) == nil ? nil : .inherited(key: canonical)
        }
    }

    private mutating func text(_ text: AttributeValue, hint: AttributeValue?, for type: InjectableType, member: Member) -> ValuePlan? {
        var origins: [SourceLocation] = []
        guard let value = resolved(text, origins: &origins) else { return nil }
        if let hint {
            guard let hinted = converters.converter(named: hint.text), let hintedID = converters.identifier(named: hint.text) else {
                report(.typeMismatch,
                       "no type converter named '\(hint.text)'" + SpellingSuggestions.didYouMean(hint.text, among: converters.typeNames),
                       at: hint.location)
                return nil
            }
            if type.acceptsAnything {
                do {
                    return .constant(Instance(any: try hinted.convertToAny(value)))
                } catch {
                    diagnostics.append(error.diagnostic(text: value, typeName: hinted.typeName, component: member.component.key,
                                                        member: member.name, at: text.location, origins: origins))
                    return nil
                }
            }
            guard hintedID == type.identity.id else {
                report(.typeMismatch,
                       "'\(member.name)' of component '\(member.component.key)' is \(type), but the hint says '\(hint.text)'",
                       at: hint.location)
                return nil
            }
        }
        let target = type.acceptsAnything ? InjectableType(String.self) : type
        do {
            return .constant(Instance(any: try target.convert(value, with: converters)))
        } catch {
            diagnostics.append(error.diagnostic(text: value, typeName: type.identity.name, component: member.component.key,
                                                member: member.name, at: text.location, origins: origins))
            return nil
        }
    }

    private mutating func collection(_ collection: CollectionDefinition, for type: InjectableType, member: Member) -> ValuePlan? {
        guard let written = collection.kind else { return nil }  // the validator reports it
        let shape: InjectableType.CollectionShape
        if let own = type.collection, !type.acceptsAnything {
            shape = own
        } else if type.acceptsAnything {
            shape = written == .dictionary ? [String: Any].shape : [Any].shape
        } else {
            report(.typeMismatch, "'\(member.name)' of component '\(member.component.key)' is \(type), not a collection",
                   at: collection.location)
            return nil
        }
        // With no requiredType=, the collection takes the receiver's kind, as Typhoon's did.
        guard shape.kind == written || collection.kindAttribute == nil else {
            report(.typeMismatch,
                   "'\(member.name)' of component '\(member.component.key)' is \(type), a \(shape.kind.rawValue), "
                       + "but the collection is a \(written.rawValue)", at: collection.kindAttribute?.location ?? collection.location)
            return nil
        }
        let before = diagnostics.count
        let kind = shape.kind
        let elementMember = Member(component: member.component, index: member.index, name: "\(member.name)[…]", location: member.location)
        if kind == .dictionary {
            var entries: [(key: Any, value: ValuePlan)] = []
            for case .entry(let keyText, let injected) in collection.items {
                guard let keyType = shape.key, let key = self.text(keyText, hint: nil, for: keyType, member: elementMember),
                      case .constant(let keyValue) = key,
                      let value = value(injected, for: shape.element, member: elementMember) else { continue }
                entries.append((keyValue.value, value))
            }
            guard diagnostics.count == before else { return nil }
            return .dictionary(entries: entries, make: shape.makeDictionary, typeName: "\(type)")
        }
        var items: [ValuePlan] = []
        for item in collection.items {
            let plan: ValuePlan?
            switch item {
            case .reference(let reference): plan = self.reference(reference, for: shape.element, member: elementMember)
            case .value(let text, let hint): plan = self.text(text, hint: hint, for: shape.element, member: elementMember)
            case .null(let location): plan = value(.null(location), for: shape.element, member: elementMember)
            case .entry: plan = nil  // the validator reports an entry outside a dictionary
            }
            if let plan { items.append(plan) }
        }
        guard diagnostics.count == before else { return nil }
        return .collection(items: items, make: shape.make, typeName: "\(type)")
    }

    /// The one component of `type`: among these definitions, or else among
    /// the nearest parent factory's components that has any.
    private mutating func autowired(_ type: InjectableType, member: Member) -> ValuePlan? {
        var candidates: [(key: String, location: SourceLocation, plan: ValuePlan)] = []
        for index in definitions.indices where index != member.index {
            if let produced = head(index)?.produces, type.accepts(produced), !type.acceptsAnything {
                candidates.append((definitions[index].key, definitions[index].location, .component(index)))
            }
        }
        var ancestor = parent
        while candidates.isEmpty, !type.acceptsAnything, let factory = ancestor {
            candidates = factory.plans(accepting: type).map { ($0.key, $0.location, .inherited(key: $0.key)) }
            ancestor = factory.parent
        }
        let notes = candidates.map { Diagnostic.Note("candidate '\($0.key)'", at: $0.location) }
        switch candidates.count {
        case 1:
            return candidates[0].plan
        case 0:
            report(.noComponentForType,
                   "no component of type \(type.identity.name) to autowire '\(member.name)' of component '\(member.component.key)'; "
                       + "add one, or give it ref= or value=", at: member.location)
        default:
            report(.ambiguousType,
                   "\(candidates.count) components are \(type.identity.name), so '\(member.name)' of component "
                       + "'\(member.component.key)' cannot be autowired; name one with ref=: "
                       + candidates.map { "'\($0.key)'" }.joined(separator: ", "),
                   at: member.location, notes: notes)
        }
        return nil
    }
}

extension TypeConverter {
    /// Converts through an existential converter, for `requiredType=` hints.
    func convertToAny(_ text: String) throws(ConversionFailure) -> Any {
        try convert(text)
    }
}
