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
/// let build = EnvironmentBuild(assemblies: assemblies, configuration: configuration, registry: registry,
///                                        drawsGraph: true)
/// build.graph.edges.filter(\.isAutowired)  // what autowiring wired
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
        /// Where its type's code runs, as the registry declares it; `nonisolated` without a registry.
        public var isolation: Isolation = .nonisolated
        /// With a registry, why building it can suspend (`viewModel → store → pool (async init)`); nil when it cannot.
        public var suspension: String?
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

extension ComponentGraph {
    /// Marks each node that `table` compiled with its isolation and, when
    /// building it can suspend, the chain that makes it so.
    mutating func mark(_ table: PlanTable) {
        for position in nodes.indices {
            guard let index = table.keys.index(of: nodes[position].key) else { continue }
            nodes[position].isolation = table.plans[index].isolation
            nodes[position].suspension = table.suspensions.chain(index, plans: table.plans)
        }
    }
}
