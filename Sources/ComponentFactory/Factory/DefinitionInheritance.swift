/// Folds each definition's `parent` chain into it, so that later stages see
/// one self-contained definition per component.
///
/// A child keeps what it writes and takes from its parent what it leaves
/// out: `class`, the initializer (whole, never merged argument by argument),
/// `scope`, `lazy-init`, `factory-component` and the callbacks. Properties
/// merge by name, and a child's property replaces its parent's of the same
/// name whatever the kind of injection. `abstract`, `profile` and
/// `depends-on` are never inherited.
///
/// Each key's folded definition is made once and reused by its children, so
/// the work is in proportion to the definitions. A chain is followed at
/// most ``maximumDepth`` parents up, and a loop of parents is cut where it
/// closes; the validator reports both.
///
/// ```swift
/// let merged = DefinitionInheritance.resolve(activeDefinitions)
/// ```
enum DefinitionInheritance {
    /// The longest chain of parents: a child's folded definition holds all
    /// its ancestors' properties, so the depth bounds its size.
    static let maximumDepth = 64

    static func resolve(_ definitions: [ComponentDefinition]) -> [ComponentDefinition] {
        var firstOfKey: [String: Int] = [:]
        for (index, definition) in definitions.enumerated() where firstOfKey[definition.key] == nil {
            firstOfKey[definition.key] = index
        }
        var folded: [Int: ComponentDefinition] = [:]
        return definitions.indices.map { index in
            fold(index, definitions: definitions, firstOfKey: firstOfKey, folded: &folded)
        }
    }

    /// The definition at `index` with its ancestors folded in, remembering
    /// each first-of-its-key definition folded on the way.
    private static func fold(_ index: Int, definitions: [ComponentDefinition], firstOfKey: [String: Int],
                             folded: inout [Int: ComponentDefinition]) -> ComponentDefinition {
        if let known = folded[index] { return known }
        // Climb to the nearest ancestor already folded, or the root, or where a loop closes.
        var chain = [index]
        var onChain: Set<Int> = [index]
        var base: ComponentDefinition?
        while chain.count <= maximumDepth, let parentKey = definitions[chain[chain.count - 1]].parent?.text,
              let parent = firstOfKey[parentKey], !onChain.contains(parent) {
            if let known = folded[parent] {
                base = known
                break
            }
            chain.append(parent)
            onChain.insert(parent)
        }
        for position in chain.reversed() {
            let own = definitions[position]
            let result = base.map { inherit(own, from: $0) } ?? own
            if firstOfKey[own.key] == position { folded[position] = result }
            base = result
        }
        return base ?? definitions[index]
    }

    private static func inherit(_ definition: ComponentDefinition, from parent: ComponentDefinition) -> ComponentDefinition {
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
