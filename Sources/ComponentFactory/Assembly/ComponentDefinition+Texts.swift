extension ComponentDefinition {
    /// The component's own attributes that a placeholder may be in, by their names in the grammar,
    /// in the order `forEachText` gives them; nil for one not written.
    var namedAttributes: [(name: AssemblyGrammar.Attribute, value: AttributeValue?)] {
        [(.class, className), (.scope, scopeAttribute), (.lazyInit, lazyInit), (.factoryComponent, factoryComponent),
         (.beforePropertyInjection, beforePropertyInjection), (.afterPropertyInjection, afterPropertyInjection),
         (.initMethod, initMethod), (.destroyMethod, destroyMethod), (.dependsOn, dependsOn), (.service, service),
         (.serviceFinished, serviceFinished), (.serviceFailed, serviceFailed), (.seeded, seeded), (.reloadable, reloadable)]
    }

    /// Every text of the definition that a placeholder may be in: its
    /// attributes, and each value, reference and type hint of its
    /// initializer's arguments and its properties, collections included; in
    /// the order written, without recursion however collections nest.
    func forEachText(_ body: (AttributeValue) -> Void) {
        for (_, attribute) in namedAttributes {
            if let attribute { body(attribute) }
        }
        if let initializer { body(initializer.selector) }
        var pending = Array(((initializer?.arguments.map(\.value) ?? []) + properties.map(\.value)).reversed())
        while let value = pending.popLast() {
            switch value {
            case .reference(let key): body(key)
            case .text(let text, let requiredType):
                body(text)
                if let requiredType { body(requiredType) }
            case .collection(let collection):
                if let kind = collection.kindAttribute { body(kind) }
                for item in collection.items.reversed() {
                    switch item {
                    case .value(let text, let requiredType):
                        pending.append(.text(text, requiredType: requiredType))
                    case .entry(let key, let value):
                        pending.append(value)
                        pending.append(.text(key, requiredType: nil))
                    case .reference(let key): pending.append(.reference(key))
                    case .null: break
                    }
                }
            case .null, .autowired: break
            }
        }
    }
}
