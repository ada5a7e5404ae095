/// Folds each definition's `parent` chain into it, so that later stages see
/// one self-contained definition per component, and reports the chains that
/// cannot be folded.
///
/// A child keeps what it writes and takes from its parent what it leaves
/// out: `class`, the initializer (whole, never merged argument by argument),
/// `scope`, `lazy-init`, `factory-component` and the callbacks. Properties
/// merge by name, and a child's property replaces its parent's of the same
/// name whatever the kind of injection. `abstract`, `profile` and
/// `depends-on` are never inherited.
///
/// A parent is the first definition of its key. One that does not exist is
/// `unknown-parent`, and so is a chain that loops or climbs more than
/// ``maximumDepth`` parents: each is reported at the child's `parent=`, and
/// such a child is folded as far as its chain goes. Each key's folded
/// definition is made once and reused by its children, so the work is in
/// proportion to the definitions.
///
/// ```swift
/// let inheritance = Inheritance(activeDefinitions)
/// inheritance.folded       // one definition per component, parents folded in
/// inheritance.diagnostics  // unknown parents, loops, chains too deep
/// ```
struct Inheritance {
    /// The longest chain of parents: a child's folded definition holds all
    /// its ancestors' properties, so the depth bounds its size.
    static let maximumDepth = 64

    /// The definitions, in the same order, each with its ancestors folded in.
    private(set) var folded: [ComponentDefinition]
    private(set) var diagnostics: [Diagnostic] = []

    init(_ definitions: [ComponentDefinition]) {
        folded = definitions
        guard definitions.contains(where: { $0.parent != nil }) else { return }
        var firstOfKey: [String: Int] = [:]
        for (index, definition) in definitions.enumerated() where firstOfKey[definition.key] == nil {
            firstOfKey[definition.key] = index
        }
        var spelling: SpellingIndex?
        for index in definitions.indices {
            guard let parent = definitions[index].parent else { continue }
            guard firstOfKey[parent.text] != nil else {
                if spelling == nil { spelling = SpellingIndex(firstOfKey.keys.sorted()) }
                diagnostics.append(Diagnostic(.unknownParent, "no component with key '\(parent.text)' to inherit from"
                                                  + (spelling?.didYouMean(parent.text) ?? ""), at: parent.location))
                continue
            }
            checkChain(of: index, definitions: definitions, firstOfKey: firstOfKey)
        }
        var memo: [Int: ComponentDefinition] = [:]
        folded = definitions.indices.map { index in
            Self.fold(index, definitions: definitions, firstOfKey: firstOfKey, memo: &memo)
        }
    }

    /// Reports a chain above `index` that loops or is deeper than
    /// ``maximumDepth``; at most that many steps up, so that checking every
    /// definition stays linear.
    private mutating func checkChain(of index: Int, definitions: [ComponentDefinition], firstOfKey: [String: Int]) {
        guard let parent = definitions[index].parent, let first = firstOfKey[parent.text] else { return }
        // A parent with no parent of its own ends the chain (the common case).
        if definitions[first].parent == nil { return }
        let key = definitions[index].key
        var seen = [key]
        var current: Int? = first
        while let ancestor = current {
            let ancestorKey = definitions[ancestor].key
            if seen.contains(ancestorKey) {
                diagnostics.append(Diagnostic(.unknownParent, "parent chain loops: " + (seen + [ancestorKey]).joined(separator: " → "),
                                              at: parent.location))
                return
            }
            guard seen.count <= Self.maximumDepth else {
                diagnostics.append(Diagnostic(.unknownParent, "the parent chain of '\(key)' is more than \(Self.maximumDepth) "
                                                  + "definitions deep; flatten it", at: parent.location))
                return
            }
            seen.append(ancestorKey)
            current = definitions[ancestor].parent.flatMap { firstOfKey[$0.text] }
        }
    }

    /// The definition at `index` with its ancestors folded in, remembering
    /// each first-of-its-key definition folded on the way.
    private static func fold(_ index: Int, definitions: [ComponentDefinition], firstOfKey: [String: Int],
                             memo: inout [Int: ComponentDefinition]) -> ComponentDefinition {
        if let known = memo[index] { return known }
        // Climb to the nearest ancestor already folded, or the root, or where a loop closes.
        var chain = [index]
        var onChain: Set<Int> = [index]
        var base: ComponentDefinition?
        while chain.count <= maximumDepth, let parentKey = definitions[chain[chain.count - 1]].parent?.text,
              let parent = firstOfKey[parentKey], !onChain.contains(parent) {
            if let known = memo[parent] {
                base = known
                break
            }
            chain.append(parent)
            onChain.insert(parent)
        }
        for position in chain.reversed() {
            let own = definitions[position]
            let result = base.map { inherit(own, from: $0) } ?? own
            if firstOfKey[own.key] == position { memo[position] = result }
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
