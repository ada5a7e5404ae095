/// The components of an assembly set and what connects them, for
/// `factory graph`: references, parents, factory components, `depends-on`
/// and aliases (an edge from the alias to what it names).
///
/// ```swift
/// let graph = DependencyGraph(assemblies: loaded.assemblies, environment: nil, resolver: nil)
/// print(graph.dot())
/// ```
public struct DependencyGraph: Sendable {
    /// A component.
    public struct Node: Sendable, Hashable {
        /// Its key.
        public var key: String
        /// Its class as written, or empty.
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
        /// The component it needs.
        public var to: String
        /// Why.
        public var kind: Kind
        /// The property or argument that holds a reference, when there is one.
        public var via: String?
    }

    /// Every component, in definition order.
    public var nodes: [Node]
    /// Every edge, in definition order.
    public var edges: [Edge]

    /// The graph of the components active in `environment`; `resolver`,
    /// when given, resolves placeholders in class names and references.
    public init(assemblies: AssemblySet, environment: String?, resolver: PlaceholderResolver?) {
        var resolver = resolver
        func text(_ value: AttributeValue) -> String {
            guard var active = resolver else { return value.text }
            defer { resolver = active }
            return (try? active.resolve(value.text, at: value.location)) ?? value.text
        }
        let active = assemblies.components.filter { environment == nil || $0.isActive(in: environment) }
        var nodes: [Node] = []
        var edges: [Edge] = []
        for component in active {
            nodes.append(Node(key: component.key, className: component.className.map(text) ?? "",
                              scope: component.scope?.rawValue ?? component.scopeAttribute?.text ?? "", location: component.location))
            if let parent = component.parent { edges.append(Edge(from: component.key, to: parent.text, kind: .parent)) }
            if let factory = component.factoryComponent {
                edges.append(Edge(from: component.key, to: text(factory), kind: .factory))
            }
            for dependency in component.dependencies {
                edges.append(Edge(from: component.key, to: text(dependency), kind: .dependsOn))
            }
            for argument in component.initializer?.arguments ?? [] {
                let via = argument.parameterName?.text ?? argument.index.map { "#\($0.text)" }
                for reference in Self.references(in: argument.value) {
                    edges.append(Edge(from: component.key, to: text(reference), kind: .reference, via: via))
                }
            }
            for property in component.properties {
                for reference in Self.references(in: property.value) {
                    edges.append(Edge(from: component.key, to: text(reference), kind: .reference, via: property.name.text))
                }
            }
        }
        for alias in assemblies.aliases {
            edges.append(Edge(from: alias.alias.text, to: alias.name.text, kind: .alias))
        }
        self.nodes = nodes
        self.edges = edges
    }

    private static func references(in value: InjectedValue) -> [AttributeValue] {
        switch value {
        case .reference(let reference): [reference]
        case .collection(let collection):
            collection.items.flatMap { item -> [AttributeValue] in
                switch item {
                case .reference(let reference): [reference]
                case .entry(_, let value): references(in: value)
                case .value, .null: []
                }
            }
        case .text, .null, .autowired: []
        }
    }

    /// Graphviz: solid arrows for references, dashed for parents, dotted for
    /// factory components, bold for `depends-on`; an alias is an ellipse
    /// with an arrow to what it names.
    public func dot() -> String {
        var lines = ["digraph components {", "    rankdir=LR;", "    node [shape=box];"]
        for node in nodes {
            lines.append("    \(JSONText.quoted(node.key)) [label=\(JSONText.quoted("\(node.key)\n\(node.className)\n\(node.scope)"))];")
        }
        for edge in edges where edge.kind == .alias {
            lines.append("    \(JSONText.quoted(edge.from)) [shape=ellipse];")
        }
        for edge in edges {
            var attributes: [String] = []
            switch edge.kind {
            case .reference: if let via = edge.via { attributes.append("label=\(JSONText.quoted(via))") }
            case .parent: attributes.append("style=dashed, label=\"parent\"")
            case .factory: attributes.append("style=dotted, label=\"factory\"")
            case .dependsOn: attributes.append("style=bold, label=\"depends-on\"")
            case .alias: attributes.append("arrowhead=empty, label=\"alias\"")
            }
            lines.append("    \(JSONText.quoted(edge.from)) -> \(JSONText.quoted(edge.to))"
                         + (attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]") + ";")
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }

    /// `{"nodes":[{"key","class","scope","file","line"}],"edges":[{"from","to","kind","via"}]}`.
    public func json() -> String {
        let nodeItems = nodes.map { node in
            "{\"key\":\(JSONText.quoted(node.key)),\"class\":\(JSONText.quoted(node.className)),\"scope\":\(JSONText.quoted(node.scope)),"
                + "\"file\":\(JSONText.quoted(node.location.file)),\"line\":\(node.location.line)}"
        }
        let edgeItems = edges.map { edge in
            "{\"from\":\(JSONText.quoted(edge.from)),\"to\":\(JSONText.quoted(edge.to)),\"kind\":\(JSONText.quoted(edge.kind.rawValue)),"
                + "\"via\":\(edge.via.map(JSONText.quoted) ?? "null")}"
        }
        return "{\"nodes\":[\(nodeItems.joined(separator: ","))],\"edges\":[\(edgeItems.joined(separator: ","))]}\n"
    }
}
