/// The second step with a registry: each definition, as built, compiled
/// into its plan. What the registry-free checks own (unknown keys, bad
/// attribute values, parameter names, placeholders that do not resolve) is
/// reported there, once, at the definition that wrote it; here such a value
/// simply makes no plan.
extension AssemblyCompiler {
    /// Where a value goes, for messages: `Bean 'knight' -> Property 'quest'`, as Spring says it.
    struct Member {
        let component: ComponentDefinition
        let position: Int
        let name: String
        let location: SourceLocation
    }

    /// The plan of the definition at `position`, or nil after reporting why
    /// not (or when a registry-free check owns the reason).
    mutating func plan(_ position: Int) -> ComponentPlan? {
        let definition = built[position]
        guard let head = heads[position], let maker = head.maker, maker.problem == nil, let produces = head.produces else { return nil }
        let before = diagnostics.count
        let arguments = self.arguments(for: maker, of: definition, position: position)
        var steps: [ComponentPlan.PropertyStep] = []
        // A value that a registry-free check owns makes no plan, and says nothing here.
        var complete = arguments.count == maker.parameters.count
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
            let member = Member(component: definition, position: position, name: property.name.text, location: property.location)
            if let value = value(property.value, for: setter.type, member: member) {
                steps.append(ComponentPlan.PropertyStep(registration: setter, value: value, location: property.location))
            } else {
                complete = false
            }
        }
        let dependencies = dependencies(of: definition)
        let callbacks = [definition.beforePropertyInjection, definition.afterPropertyInjection,
                         definition.initMethod, definition.destroyMethod].map { callback($0, of: definition, in: head.registration) }
        guard complete, diagnostics.count == before, let scope = definition.scope,
              dependencies.count == definition.dependencies.count else { return nil }
        return ComponentPlan(
            index: planIndex[position], key: definition.key, location: definition.location,
            scope: scope, isLazy: definition.isLazy,
            produces: produces, maker: maker, arguments: arguments, factoryIndex: head.factoryPosition.map { planIndex[$0] },
            dependencies: dependencies, properties: steps,
            beforePropertyInjection: callbacks[0], afterPropertyInjection: callbacks[1],
            initMethod: callbacks[2], destroyMethod: callbacks[3], roles: head.registration?.roles ?? [],
            isolation: head.registration?.isolation ?? .nonisolated,
            names: names.names(registration: head.registration?.name, makerOwner: head.makerOwner, maker: maker))
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

    private mutating func arguments(for maker: InitializerRegistration, of definition: ComponentDefinition,
                                    position: Int) -> [ValuePlan] {
        let parameters = maker.parameters
        let given = Self.given(definition.initializer?.arguments ?? [], to: parameters)
        var plans: [ValuePlan] = []
        for (slot, parameter) in parameters.enumerated() {
            guard let argument = given[slot] else {
                report(.missingArgument,
                       "'\(maker.selector)' of component '\(definition.key)' needs parameter '\(parameter.name)' (\(parameter.type)); "
                           + "add <argument parameterName=\"\(parameter.name)\" …/>",
                       at: definition.initializer?.location ?? definition.location)
                continue
            }
            let member = Member(component: definition, position: position, name: parameter.name, location: argument.location)
            if let plan = value(argument.value, for: parameter.type, member: member) { plans.append(plan) }
        }
        return plans
    }

    /// The argument given for each of `parameters`, by `parameterName` or
    /// `index`; nil for a parameter none names. Unknown names, bad indexes
    /// and a parameter given twice are the registry-free check's to report.
    static func given(_ arguments: [ArgumentDefinition], to parameters: [ParameterSignature]) -> [ArgumentDefinition?] {
        var given: [ArgumentDefinition?] = Array(repeating: nil, count: parameters.count)
        for argument in arguments {
            let slot: Int?
            if let name = argument.parameterName {
                slot = parameters.firstIndex { $0.name == name.text }
            } else if let text = argument.index?.text, let number = Int(text), parameters.indices.contains(number) {
                slot = number
            } else {
                slot = nil
            }
            guard let slot, given[slot] == nil else { continue }
            given[slot] = argument
        }
        return given
    }

    /// The components that `depends-on` names, to build first.
    private mutating func dependencies(of definition: ComponentDefinition) -> [ValuePlan] {
        definition.dependencies.compactMap { dependency in
            guard let key = quietly(dependency) else { return nil }
            if let target = index.position(of: key) { return planIndex[target] >= 0 ? .component(planIndex[target]) : nil }
            let canonical = index.key(for: key)
            return parentPlan(forKey: canonical) == nil ? nil : .inherited(key: canonical)
        }
    }

    /// The plan of `key` in the nearest parent factory that has it.
    private func parentPlan(forKey key: String) -> ComponentPlan? {
        for table in parents {
            if let found = table.keys.index(of: key) { return table.plans[found] }
        }
        return nil
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
        guard let key = quietly(reference) else { return nil }
        let produced: ProducedType
        let definedAt: SourceLocation
        let plan: ValuePlan
        if let target = index.position(of: key) {
            guard planIndex[target] >= 0, let own = heads[target]?.produces else { return nil }
            (produced, definedAt, plan) = (own, built[target].location, .component(planIndex[target]))
        } else if let inherited = parentPlan(forKey: index.key(for: key)) {
            (produced, definedAt, plan) = (inherited.produces, inherited.location, .inherited(key: index.key(for: key)))
        } else {
            return nil
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

    private mutating func text(_ text: AttributeValue, hint: AttributeValue?, for type: InjectableType, member: Member) -> ValuePlan? {
        var provenance = PlaceholderResolver.Provenance()
        guard let value = quietly(text, provenance: &provenance) else { return nil }
        do {
            return try Self.converted(value, provenance: provenance, of: text, hint: hint, for: type, converters: converters,
                                      component: member.component.key, member: member.name)
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    /// `value`, the expansion of `text` (with its `provenance`), converted
    /// for `type` (or by the converter its `hint` names): the one rule for a
    /// value site, which compiled wiring's load follows too. Throws the
    /// diagnostic of the member `member` of `component`.
    static func converted(_ value: String, provenance: PlaceholderResolver.Provenance, of text: AttributeValue,
                          hint: AttributeValue?, for type: InjectableType, converters: TypeConverters,
                          component: String, member: String) throws(Diagnostic) -> ValuePlan {
        // A text built from a secret is shown masked, as the secret is.
        let shown = provenance.isSecret ? SecretKeys.mask : value
        let origins = provenance.origins
        if let hint {
            guard let hinted = converters.converter(named: hint.text), let hintedID = converters.identifier(named: hint.text) else {
                throw Diagnostic(.typeMismatch,
                                 "no type converter named '\(hint.text)'" + SpellingSuggestions.didYouMean(hint.text, among: converters.typeNames),
                                 at: hint.location)
            }
            if type.acceptsAnything {
                do {
                    return .constant(Instance(any: try hinted.convertToAny(value)))
                } catch {
                    throw error.diagnostic(text: shown, typeName: hinted.typeName, component: component,
                                           member: member, at: text.location, origins: origins)
                }
            }
            guard hintedID == type.identity.id else {
                throw Diagnostic(.typeMismatch, "'\(member)' of component '\(component)' is \(type), but the hint says '\(hint.text)'",
                                 at: hint.location)
            }
        }
        let target = type.acceptsAnything ? InjectableType(String.self) : type
        do {
            return .constant(Instance(any: try target.convert(value, with: converters)))
        } catch {
            throw error.diagnostic(text: shown, typeName: type.identity.name, component: component,
                                   member: member, at: text.location, origins: origins)
        }
    }

    private mutating func collection(_ collection: CollectionDefinition, for type: InjectableType, member: Member) -> ValuePlan? {
        guard let written = collection.kind else { return nil }
        guard let shape = type.collectionShape(written: written) else {
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
        let elementMember = Member(component: member.component, position: member.position, name: "\(member.name)[…]",
                                   location: member.location)
        var complete = true
        if shape.kind == .dictionary {
            var entries: [(key: Any, value: ValuePlan)] = []
            for case .entry(let keyText, let injected) in collection.items {
                guard let keyType = shape.key, let key = self.text(keyText, hint: nil, for: keyType, member: elementMember),
                      case .constant(let keyValue) = key,
                      let value = value(injected, for: shape.element, member: elementMember) else {
                    complete = false
                    continue
                }
                entries.append((keyValue.value, value))
            }
            guard complete, diagnostics.count == before else { return nil }
            return .dictionary(entries: entries, make: shape.makeDictionary, typeName: "\(type)")
        }
        var items: [ValuePlan] = []
        for item in collection.items {
            let plan: ValuePlan?
            switch item {
            case .reference(let reference): plan = self.reference(reference, for: shape.element, member: elementMember)
            case .value(let text, let hint): plan = self.text(text, hint: hint, for: shape.element, member: elementMember)
            case .null(let location): plan = value(.null(location), for: shape.element, member: elementMember)
            case .entry: plan = nil  // the registry-free check reports an entry outside a dictionary
            }
            if let plan { items.append(plan) } else { complete = false }
        }
        guard complete, diagnostics.count == before else { return nil }
        return .collection(items: items, make: shape.make, typeName: "\(type)")
    }

    /// The most candidates an ambiguity names; the rest are counted.
    static let candidatesNamed = 10

    /// The one component of `type`: among these definitions (the member's
    /// own excluded), or else the registered settings of the type, or else
    /// among the nearest parent factory's components that has any. Each type's candidates are found once, in the type index.
    private mutating func autowired(_ type: InjectableType, member: Member) -> ValuePlan? {
        guard !type.acceptsAnything else {
            report(.noComponentForType,
                   "no component of type \(type.identity.name) to autowire '\(member.name)' of component '\(member.component.key)'; "
                       + "add one, or give it ref= or value=", at: member.location)
            return nil
        }
        var candidates: [(key: String, location: SourceLocation, position: Int?, plan: ValuePlan)] = []
        let local = types.candidates(for: type)
        var total = local.count
        for position in local {
            if position == member.position {
                total -= 1
                continue
            }
            if candidates.count <= Self.candidatesNamed {
                candidates.append((built[position].key, built[position].location, position, .component(planIndex[position])))
            }
        }
        if total == 0, let bound = settings.values[type.identity] {
            return .constant(Instance(any: bound))
        }
        // A settings type whose binding failed: its fields' problems say why.
        if total == 0, settings.unbound.contains(type.identity) { return nil }
        if total == 0 {
            for table in parents {
                let found = table.plans.filter { type.accepts($0.produces) }
                guard !found.isEmpty else { continue }
                candidates = found.map { ($0.key, $0.location, nil, .inherited(key: $0.key)) }
                total = candidates.count
                break
            }
        }
        switch total {
        case 1:
            if let position = candidates[0].position { autowiredChoices.append((member.location, position)) }
            return candidates[0].plan
        case 0:
            report(.noComponentForType,
                   "no component of type \(type.identity.name) to autowire '\(member.name)' of component '\(member.component.key)'; "
                       + "add one, or give it ref= or value=", at: member.location)
        default:
            let named = candidates.prefix(Self.candidatesNamed)
            let rest = total - named.count
            report(.ambiguousType,
                   "\(total) components are \(type.identity.name), so '\(member.name)' of component "
                       + "'\(member.component.key)' cannot be autowired; name one with ref=: "
                       + named.map { "'\($0.key)'" }.joined(separator: ", ") + (rest > 0 ? " and \(rest) more" : ""),
                   at: member.location, notes: named.map { Diagnostic.Note("candidate '\($0.key)'", at: $0.location) })
        }
        return nil
    }
}

