/// The components of one environment and every edge that building them
/// uses, as the checker-compiler walked them: references from arguments,
/// properties and collections, autowired ones included once a registry
/// says which component fits; parents; factory components; `depends-on`;
/// and aliases (an edge from the alias to what it names).
///
/// An edge goes to the key as written, placeholders resolved, so that a
/// reference to a missing component shows where it points. `factory graph`
/// and an app's own tool print it as Graphviz or JSON.
///
/// ```swift
/// let validation = EnvironmentValidation(assemblies: assemblies, configuration: configuration, registry: registry)
/// validation.graph.edges.filter(\.isAutowired)  // what autowiring wired
/// ```
@_spi(Tooling)
public struct ComponentGraph: Sendable, Hashable {
    /// A component.
    public struct Node: Sendable, Hashable {
        /// Its key.
        public var key: String
        /// Its class, placeholders resolved; empty when it has none.
        public var className: String
        /// Its scope as written, or `object-graph`.
        public var scope: String
        /// Where it is defined.
        public var location: SourceLocation
    }

    /// One component needing, or standing for, another.
    public struct Edge: Sendable, Hashable {
        /// Why the edge is there.
        public enum Kind: String, Sendable, Hashable {
            /// A `ref`, a `parent`, a `factory-component`, a `depends-on` key, or an `<alias>`.
            case reference, parent, factory = "factory-component", dependsOn = "depends-on", alias
        }

        /// The component that needs.
        public var from: String
        /// The key it needs.
        public var to: String
        /// Why.
        public var kind: Kind
        /// The property, or the argument's parameter name or `#index`, that holds a reference.
        public var via: String?
        /// Whether autowiring chose the component: the member names no key, and it is the one component of its type.
        public var isAutowired: Bool

        /// An edge from `from` to `to`.
        public init(from: String, to: String, kind: Kind, via: String? = nil, isAutowired: Bool = false) {
            self.from = from
            self.to = to
            self.kind = kind
            self.via = via
            self.isAutowired = isAutowired
        }
    }

    /// Every component, in definition order.
    public var nodes: [Node] = []
    /// Every edge, in definition order.
    public var edges: [Edge] = []
}

/// What each component needs before its initializer can run: its
/// initializer's references (autowired ones included), its factory
/// component and its `depends-on` keys, by position. A loop of these can
/// never be built: `initializer-cycle`.
struct ConstructionEdges {
    /// One thing a component's construction needs.
    struct Need {
        var target: Int
        var site: SourceLocation
        var isDependsOn = false
    }

    private(set) var needs: [[Need]]

    init(count: Int) {
        needs = Array(repeating: [], count: count)
    }

    mutating func add(_ need: Need, from position: Int) {
        needs[position].append(need)
    }

    /// A component on the search's stack, by position, and the next of its needs to follow.
    private struct Frame {
        let position: Int
        var next = 0
    }

    /// Each cycle once, as the positions on it from where the search met
    /// it, and whether a `depends-on` closes any step of it. A depth-first
    /// search on an explicit stack, so that no chain of components, however
    /// long, can overflow the call stack; linear in the edges.
    func cycles() -> [(positions: [Int], closingAt: Int, throughDependsOn: Bool)] {
        let unseen = -1, done = -2
        var depthOf = [Int](repeating: unseen, count: needs.count)
        var found: [(positions: [Int], closingAt: Int, throughDependsOn: Bool)] = []
        var reported = Set<Set<Int>>()
        var stack: [Frame] = []
        for root in needs.indices where depthOf[root] == unseen && !needs[root].isEmpty {
            depthOf[root] = 0
            stack = [Frame(position: root)]
            while let top = stack.last {
                guard top.next < needs[top.position].count else {
                    depthOf[top.position] = done
                    stack.removeLast()
                    continue
                }
                let target = needs[top.position][top.next].target
                stack[stack.count - 1].next += 1
                guard depthOf[target] != done else { continue }
                if depthOf[target] >= 0 {
                    let frames = stack[depthOf[target]...]
                    let positions = frames.map(\.position)
                    if reported.insert(Set(positions)).inserted {
                        let throughDependsOn = frames.contains { needs[$0.position][$0.next - 1].isDependsOn }
                        found.append((positions, target, throughDependsOn))
                    }
                    continue
                }
                depthOf[target] = stack.count
                stack.append(Frame(position: target))
            }
        }
        return found
    }
}
