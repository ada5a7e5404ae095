import SystemSupport

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
/// let inheritance = Inheritance(activeDefinitions, firstOfKey: index.positionByKey)
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
    /// The positions whose chain of parents is reported here (a parent that
    /// does not exist, a loop, a chain too deep): folded only as far as it
    /// goes, so what they would inherit is not known.
    private(set) var brokenChains = Set<Int>()

    /// Folds `definitions`, whose first definition of each key is at
    /// `firstOfKey[key]` (the pass's own key index, not built again here).
    /// Inherited properties are merged only with `mergingProperties`: the
    /// registry-free checks read each definition's own, and only plans and
    /// the graph read what it inherits.
    init(_ definitions: [ComponentDefinition], firstOfKey: [String: Int], mergingProperties: Bool = true) {
        folded = definitions
        guard definitions.contains(where: { $0.parent != nil }) else { return }
        // Each definition's parent, looked up once: its position, or -1 for none (or one that does not exist).
        var parentOf = [Int](repeating: -1, count: definitions.count)
        var spelling: SpellingIndex?
        for index in definitions.indices {
            guard let parent = definitions[index].parent else { continue }
            guard let position = firstOfKey[parent.text] else {
                if spelling == nil { spelling = SpellingIndex(firstOfKey.keys.sorted()) }
                diagnostics.append(Diagnostic(.unknownParent, "no component with key '\(parent.text)' to inherit from"
                                                  + (spelling?.didYouMean(parent.text) ?? ""), at: parent.location))
                brokenChains.insert(index)
                continue
            }
            parentOf[index] = position
        }
        for index in definitions.indices where parentOf[index] >= 0 && parentOf[parentOf[index]] >= 0 {
            checkChain(of: index, definitions: definitions, parentOf: parentOf)
        }
        // A child of a broken chain inherits from it: broken too. Parents come before children here as
        // often as not, so this follows each chain, bounded as the check above is.
        if !brokenChains.isEmpty {
            for index in definitions.indices where parentOf[index] >= 0 && !brokenChains.contains(index) {
                var current = parentOf[index], steps = 0
                while current >= 0, steps <= Self.maximumDepth, !brokenChains.contains(current) {
                    current = parentOf[current]
                    steps += 1
                }
                if current >= 0 && brokenChains.contains(current) { brokenChains.insert(index) }
            }
        }
        // Only definitions with a parent change. Many are folded in two halves at once, each with its
        // own memory of folded parents (a parent both halves need is folded twice; the result is the same).
        guard definitions.count >= AssemblyCompiler.splitThreshold else {
            Self.fold(definitions.indices, of: definitions, parentOf: parentOf, merging: mergingProperties, into: &folded)
            return
        }
        let middle = definitions.count / 2
        let second = BackgroundWork { [parentOf] () -> [ComponentDefinition] in
            var half = Array(definitions[middle...])
            Self.fold(middle..<definitions.count, of: definitions, parentOf: parentOf, merging: mergingProperties, into: &half,
                      offset: middle)
            return half
        }
        Self.fold(0..<middle, of: definitions, parentOf: parentOf, merging: mergingProperties, into: &folded)
        folded.replaceSubrange(middle..., with: second.wait())
    }

    /// Folds the definitions at `positions` that have a parent into `result`,
    /// where position `p` is at `p - offset`; each parent is folded once,
    /// however many children it has.
    private static func fold(_ positions: Range<Int>, of definitions: [ComponentDefinition], parentOf: [Int],
                             merging: Bool, into result: inout [ComponentDefinition], offset: Int = 0) {
        var memo = [ComponentDefinition?](repeating: nil, count: definitions.count)
        for index in positions where parentOf[index] >= 0 {
            result[index - offset] = fold(index, definitions: definitions, parentOf: parentOf, merging: merging, memo: &memo)
        }
    }

    /// Reports a chain above `index` that loops or is deeper than
    /// ``maximumDepth``; at most that many steps up, so that checking every
    /// definition stays linear.
    private mutating func checkChain(of index: Int, definitions: [ComponentDefinition], parentOf: [Int]) {
        guard let parent = definitions[index].parent else { return }
        var seen = [index]
        var current = parentOf[index]
        while current >= 0 {
            if seen.contains(current) {
                let path = (seen + [current]).map { definitions[$0].key }
                diagnostics.append(Diagnostic(.unknownParent, "parent chain loops: " + path.joined(separator: " → "), at: parent.location))
                brokenChains.insert(index)
                return
            }
            guard seen.count <= Self.maximumDepth else {
                diagnostics.append(Diagnostic(.unknownParent, "the parent chain of '\(definitions[index].key)' is more than "
                                                  + "\(Self.maximumDepth) definitions deep; flatten it", at: parent.location))
                brokenChains.insert(index)
                return
            }
            seen.append(current)
            current = parentOf[current]
        }
    }

    /// The definition at `index` with its ancestors folded in, remembering
    /// each definition folded on the way (a parent is reached only as the
    /// first of its key, so what is remembered for a position is always right).
    private static func fold(_ index: Int, definitions: [ComponentDefinition], parentOf: [Int], merging: Bool,
                             memo: inout [ComponentDefinition?]) -> ComponentDefinition {
        if let known = memo[index] { return known }
        // Climb to the nearest ancestor already folded, or the root, or where a loop closes; a chain
        // is at most maximumDepth long, so looking along it beats hashing.
        var chain = [index]
        var base: ComponentDefinition?
        var parent = parentOf[index]
        while chain.count <= maximumDepth, parent >= 0, !chain.contains(parent) {
            if let known = memo[parent] {
                base = known
                break
            }
            // A parent with no parent of its own is its own folded form (the common case).
            if parentOf[parent] < 0 {
                base = definitions[parent]
                break
            }
            chain.append(parent)
            parent = parentOf[parent]
        }
        for position in chain.reversed() {
            let result = base.map { definitions[position].inheriting(from: $0, mergingProperties: merging) } ?? definitions[position]
            memo[position] = result
            base = result
        }
        return base ?? definitions[index]
    }
}
