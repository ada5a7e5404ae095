/// The first step with a registry: each definition's registration, the
/// initializer, class method or factory method that makes it, and the type
/// it produces, so that references to it can be type-checked, and it can be
/// autowired, in any order.
extension AssemblyCompiler {
    /// What the first step learns of one definition.
    struct Head: Sendable {
        var registration: TypeRegistration?
        var maker: InitializerRegistration?
        /// The registered name of the type whose maker ``maker`` is.
        var makerOwner: String?
        /// The position of its factory component, for a factory method.
        var factoryPosition: Int?
        var produces: ProducedType?
        /// The registry has no such selector for the component (or its
        /// registration is wrong), so its arguments' names mean nothing.
        var skipsParameterNames = false
        /// What was found wrong, reported at the definition's turn in the
        /// pass, so that findings stay in definition order however chains are climbed.
        var problems: [Diagnostic] = []
    }

    /// Every head, each after its factory component's: a chain of
    /// `factory-component` links is climbed on an explicit stack, so no
    /// chain, however long, can overflow the call stack. A loop of links
    /// leaves the components on it without a maker; the cycle search reports it.
    mutating func computeHeads() {
        var computed = [Bool](repeating: false, count: built.count)
        for start in built.indices where !computed[start] && planIndex[start] >= 0 {
            var chain = [start]
            var onChain: Set<Int> = [start]
            var current = start
            while let factory = factoryPosition(of: current), !computed[factory], planIndex[factory] >= 0,
                  onChain.insert(factory).inserted {
                chain.append(factory)
                current = factory
            }
            for position in chain.reversed() {
                let before = diagnostics.count
                var head = head(position)
                head.problems = Array(diagnostics[before...])
                diagnostics.removeSubrange(before...)
                heads[position] = head
                computed[position] = true
            }
        }
        hasHeads = true
    }

    private mutating func factoryPosition(of position: Int) -> Int? {
        guard let attribute = built[position].factoryComponent, let key = quietly(attribute) else { return nil }
        return index.position(of: key)
    }

    /// The head of `position`, whose factory component's head, if any, is known.
    private mutating func head(_ position: Int) -> Head {
        guard let registry else { return Head() }
        let definition = built[position]
        var head = Head()
        var unregisteredClass: (name: String, attribute: AttributeValue)?
        if let classAttribute = definition.className, let className = quietly(classAttribute) {
            if let registration = registry.registration(named: className) {
                head.registration = registration
                head.produces = registration.type
            } else {
                unregisteredClass = (className, classAttribute)
            }
        }
        if definition.isSeeded, let registration = head.registration {
            // Given when a scope opens, never built: its registration only says its type.
            head.maker = InitializerRegistration.seeded(definition.key, produces: registration.type)
            return head
        }
        if let factoryAttribute = definition.factoryComponent {
            factoryHead(&head, factoryAttribute: factoryAttribute, of: definition)
            // A factory method's product needs no registration: class= only has to name what it returns.
            if let (className, attribute) = unregisteredClass, let method = head.maker, method.produces.identity.name != className {
                report(.unknownClass,
                       "factory method '\(method.selector)' of component '\(definition.key)' returns \(method.produces), "
                           + "not '\(className)'; write class=\"\(method.produces)\" or leave class= out",
                       at: attribute.location)
            }
        } else if let registration = head.registration {
            head.maker = initializer(of: definition, in: registration, head: &head)
            head.makerOwner = registration.name
        } else if let (className, attribute) = unregisteredClass {
            if buildableNames == nil {
                // Suggest only types that can be built as components: not converters or post-processors.
                buildableNames = registry.names.filter { registry.registration(named: $0)?.initializers.isEmpty == false }
            }
            let suggestion = SpellingSuggestions.didYouMean(className, among: buildableNames ?? [])
            report(.unknownClass, "no registered type named '\(className)' for component '\(definition.key)'"
                       + (suggestion.isEmpty ? "; register it in the app's ComponentRegistry, or mark it @Component in a target "
                                                + "whose registry calls registerComponents()" : suggestion),
                   at: attribute.location)
        }
        if let problem = head.maker?.problem {
            report(.unknownInitializer, problem, at: definition.initializer?.selector.location ?? definition.location)
            head.skipsParameterNames = true
        }
        return head
    }

    private mutating func factoryHead(_ head: inout Head, factoryAttribute: AttributeValue, of definition: ComponentDefinition) {
        guard let factoryKey = quietly(factoryAttribute), let factoryPosition = index.position(of: factoryKey),
              planIndex[factoryPosition] >= 0 else { return }
        head.factoryPosition = factoryPosition
        guard let factoryHead = heads[factoryPosition], let factoryRegistration = factoryHead.registration
                ?? factoryHead.produces.flatMap({ registry?.registration(for: $0.identity) }) else { return }
        guard let selector = definition.initializer?.selector else {
            report(.unknownInitializer,
                   "component '\(definition.key)' is made by factory component '\(factoryKey)' and needs "
                       + "<initializer selector=…> naming one of its factory methods",
                   at: definition.location, notes: [registered(factoryRegistration.factoryMethods.keys)])
            return
        }
        guard let method = factoryRegistration.factoryMethods[selector.text] else {
            report(.unknownInitializer,
                   "'\(factoryRegistration.name)' (factory component '\(factoryKey)') has no factory method '\(selector.text)'"
                       + SpellingSuggestions.didYouMean(selector.text, among: factoryRegistration.factoryMethods.keys),
                   at: selector.location, notes: [registered(factoryRegistration.factoryMethods.keys)])
            head.skipsParameterNames = true
            return
        }
        head.maker = method
        head.makerOwner = factoryRegistration.name
        if head.registration == nil {
            head.registration = registry?.registration(for: method.produces.identity)
            head.produces = head.registration?.type ?? method.produces
        }
    }

    private mutating func initializer(of definition: ComponentDefinition, in registration: TypeRegistration,
                                      head: inout Head) -> InitializerRegistration? {
        let selector = definition.initializer?.selector.text ?? "init"
        let site = definition.initializer?.selector.location ?? definition.location
        guard let found = registration.initializers[selector] else {
            let known = registration.initializers.keys
            let advice = definition.initializer == nil
                ? "component '\(definition.key)' has no <initializer>, and '\(registration.name)' registers no 'init' without parameters"
                : "'\(registration.name)' registers no initializer or class method '\(selector)'"
                    + SpellingSuggestions.didYouMean(selector, among: known)
            report(.unknownInitializer, advice, at: site, notes: [registered(known)])
            head.skipsParameterNames = true
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
    func registered(_ names: some Sequence<String>) -> Diagnostic.Note {
        let sorted = names.sorted()
        return Diagnostic.Note("registered: " + (sorted.isEmpty ? "none" : sorted.map { "'\($0)'" }.joined(separator: ", ")))
    }
}
