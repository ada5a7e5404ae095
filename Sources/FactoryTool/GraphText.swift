@_spi(Tooling) import ComponentFactory

/// A `ComponentGraph` as Graphviz dot or as JSON, for `graph`.
enum GraphText {
    /// Graphviz: a box per component, its isolation under its scope, and a
    /// double border with "can suspend" when building it can suspend;
    /// solid arrows for references (autowired ones open-headed,
    /// their label saying so), dashed for parents, dotted for factory
    /// components, bold for `depends-on`; an alias is an ellipse with an
    /// arrow to what it names.
    static func dot(_ graph: ComponentGraph) -> String {
        var lines = ["digraph components {", "    rankdir=LR;", "    node [shape=box];"]
        for node in graph.nodes {
            let isolation = node.isolation == .nonisolated ? "" : "\n\(node.isolation)"
            let label = JSONText.quoted("\(node.key)\n\(node.className)\n\(node.scope)\(isolation)"
                                        + (node.suspension == nil ? "" : "\ncan suspend"))
            lines.append("    \(JSONText.quoted(node.key)) [label=\(label)\(node.suspension == nil ? "" : ", peripheries=2")];")
        }
        for edge in graph.edges where edge.kind == .alias {
            lines.append("    \(JSONText.quoted(edge.from)) [shape=ellipse];")
        }
        for edge in graph.edges {
            var attributes: [String] = []
            switch edge.kind {
            case .reference:
                if edge.isAutowired {
                    attributes.append("arrowhead=open, label=\(JSONText.quoted((edge.via.map { "\($0) " } ?? "") + "(autowired)"))")
                } else if let via = edge.via {
                    attributes.append("label=\(JSONText.quoted(via))")
                }
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

    /// `{"nodes":[{"key","class","scope","file","line"}],"edges":[{"from","to","kind","via"}]}`;
    /// a node isolated to an actor also carries `"isolation"`, and one whose
    /// building can suspend `"suspension"` (the chain), last; an edge that
    /// autowiring chose carries `"autowired":true`, last.
    static func json(_ graph: ComponentGraph) -> String {
        let nodeItems = graph.nodes.map { node in
            "{\"key\":\(JSONText.quoted(node.key)),\"class\":\(JSONText.quoted(node.className)),\"scope\":\(JSONText.quoted(node.scope)),"
                + "\"file\":\(JSONText.quoted(node.location.file)),\"line\":\(node.location.line)"
                + (node.isolation == .nonisolated ? "" : ",\"isolation\":\(JSONText.quoted(node.isolation.description))")
                + (node.suspension.map { ",\"suspension\":\(JSONText.quoted($0))" } ?? "") + "}"
        }
        let edgeItems = graph.edges.map { edge in
            "{\"from\":\(JSONText.quoted(edge.from)),\"to\":\(JSONText.quoted(edge.to)),\"kind\":\(JSONText.quoted(edge.kind.rawValue)),"
                + "\"via\":\(edge.via.map(JSONText.quoted) ?? "null")" + (edge.isAutowired ? ",\"autowired\":true}" : "}")
        }
        return "{\"nodes\":[\(nodeItems.joined(separator: ","))],\"edges\":[\(edgeItems.joined(separator: ","))]}\n"
    }
}
