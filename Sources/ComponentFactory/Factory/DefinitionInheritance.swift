/// Folds each definition's `parent` chain into it, so that later stages see
/// one self-contained definition per component.
///
/// A child keeps what it writes and takes from its parent what it leaves
/// out: `class`, the initializer (whole, never merged argument by argument),
/// `scope`, `lazy-init`, `factory-component` and the callbacks. Properties
/// merge by name, and a child's property replaces its parent's of the same
/// name whatever the kind of injection. `abstract` and `profile` are never
/// inherited.
///
/// ```swift
/// let merged = DefinitionInheritance.resolve(activeDefinitions)
/// ```
enum DefinitionInheritance {
    static func resolve(_ definitions: [ComponentDefinition]) -> [ComponentDefinition] {
        var byKey: [String: ComponentDefinition] = [:]
        for definition in definitions where byKey[definition.key] == nil {
            byKey[definition.key] = definition
        }
        return definitions.map { merged($0, byKey: byKey, visited: []) }
    }

    private static func merged(
        _ definition: ComponentDefinition, byKey: [String: ComponentDefinition], visited: Set<String>
    ) -> ComponentDefinition {
        guard let parentKey = definition.parent?.text, let parentDefinition = byKey[parentKey],
              !visited.contains(parentKey) else { return definition }
        let parent = merged(parentDefinition, byKey: byKey, visited: visited.union([definition.key]))
        var child = definition
        child.className = child.className ?? parent.className
        child.initializer = child.initializer ?? parent.initializer
        child.scopeAttribute = child.scopeAttribute ?? parent.scopeAttribute
        child.lazyInit = child.lazyInit ?? parent.lazyInit
        child.factoryComponent = child.factoryComponent ?? parent.factoryComponent
        child.beforePropertyInjection = child.beforePropertyInjection ?? parent.beforePropertyInjection
        child.afterPropertyInjection = child.afterPropertyInjection ?? parent.afterPropertyInjection
        child.initMethod = child.initMethod ?? parent.initMethod
        child.destroyMethod = child.destroyMethod ?? parent.destroyMethod
        let overridden = Set(child.properties.map(\.name.text))
        child.properties = parent.properties.filter { !overridden.contains($0.name.text) } + child.properties
        return child
    }
}
