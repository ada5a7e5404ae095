/// The state of one top-level resolution: the object-graph instances it
/// shares, the instances published before their properties are set (so a
/// cycle through properties finds them), the components still inside their
/// initializer (so a cycle through initializers is caught), and property
/// injections waiting for such a component.
///
/// A value passed `inout` down the resolution, so that its accesses are
/// checked at compile time. What it keeps
/// by component index is in one object made the first time it keeps
/// anything: most resolutions (a graph built by initializers alone) keep
/// nothing, and end by releasing one nil rather than six empty lists.
@usableFromInline
struct Resolution {
    /// The instances published early, the object-graph instances and the
    /// waiting injections, by component index. Only its resolution, on one
    /// thread at a time, ever reaches it: the exclusivity checks Swift would
    /// add to each access are left out.
    private final class Kept {
        @exclusivity(unchecked) var published = IndexedEntries<Instance>()
        @exclusivity(unchecked) var graph = IndexedEntries<Instance>()
        @exclusivity(unchecked) var waiting = IndexedEntries<(Any) throws -> Void>()
    }

    private var kept: Kept?
    /// The components inside their initializer, held inline: a resolution
    /// that builds one keeps nothing else, most of the time.
    private var inside = ConstructionStack()
    /// How many components are being built, one inside another, by this
    /// resolution and the async one around it, if any: bounded, so that no
    /// chain of components can overflow the call stack.
    var depth = 0
    /// The request scope the resolution runs in; nil for a lookup on the
    /// factory itself.
    var scope: ScopeStorage?
    /// Whether this resolution holds its scope's lock: it takes it for the
    /// first request component it builds, and keeps it while building what
    /// that needs (see ``ScopeStorage``).
    var holdsScopeLock = false

    init() {}

    /// A resolution for what the components `neededBy` (outermost first)
    /// need, which wait for it as if inside their initializers: the async
    /// load builds each group of components on its own, and a failure in one
    /// names the path from the eager singleton that needed it.
    init(neededBy: [Int]) {
        for index in neededBy {
            inside.push(index)
        }
    }

    func inProgress(_ index: Int) -> Instance? {
        kept?.published.last(for: index)
    }

    /// What the resolution keeps, made now if it keeps nothing yet.
    private mutating func keeping() -> Kept {
        if let kept { return kept }
        let made = Kept()
        kept = made
        return made
    }

    /// The components inside their initializer, outermost first: the
    /// async lookup's and the synchronous one's alike.
    var constructing: [Int] {
        inside.indexes
    }

    /// Whether `index` is inside its initializer in this resolution.
    func isConstructing(_ index: Int) -> Bool {
        inside.contains(index)
    }

    /// `index` goes inside its initializer, until ``leave()``.
    mutating func enter(_ index: Int) {
        inside.push(index)
    }

    /// The innermost component inside its initializer leaves it.
    mutating func leave() {
        inside.pop()
    }

    mutating func publish(_ index: Int, _ instance: Instance) {
        keeping().published.append(index, instance)
    }

    mutating func unpublish() {
        kept?.published.removeLast()
    }

    func graphInstance(_ index: Int) -> Instance? {
        kept?.graph.last(for: index)
    }

    mutating func keepInGraph(_ index: Int, _ instance: Instance) {
        keeping().graph.append(index, instance)
    }

    var hasWaiting: Bool { !(kept?.waiting.isEmpty ?? true) }

    /// Runs `inject` with the instance of `target` once it leaves its initializer.
    mutating func wait(for target: Int, _ inject: @escaping (Any) throws -> Void) {
        keeping().waiting.append(target, inject)
    }

    /// The injections waiting for `index`, in the order they began waiting, removed.
    mutating func takeWaiting(for index: Int) -> [(Any) throws -> Void] {
        kept?.waiting.removeAll(for: index) ?? []
    }
}
