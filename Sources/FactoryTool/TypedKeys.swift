@_spi(Tooling) import ComponentFactory

/// The Swift source of typed keys for a set of assemblies: a struct that
/// makes a ``ComponentFactory/ComponentHandle`` for each component key once,
/// when it is made from a factory, and an accessor per key that resolves
/// through it. What the build-tool plugin compiles into a target.
///
/// A component's Swift type is its `class=`, as registered names default to
/// the type's own name, when that is the same in every environment and is a
/// Swift type name; `types` maps a registered name to another Swift type.
/// Where the type cannot be known so (a `class=` that a placeholder makes
/// differ between environments, a `factory-component`'s product, a name that
/// is no Swift type), the accessor is generic (`try keys.store(as: (any
/// LinkStore).self)`), never a guess. A key that is not in every environment
/// gets an accessor that looks its key up when called. Keys that would make
/// the same accessor name get none, with a warning.
///
/// No accessor is generated that can only fail:
/// - a component that needs a request scope (its own scope is `request`, or
///   it needs one through references, `factory-component` or `depends-on`)
///   gets only the form that takes a scope;
/// - a component that can suspend gets only the `async` form. The build has
///   no registry, so it knows this from `suspending`, the registered
///   classes the app declares (`"suspending"` in `component-factory.json`),
///   and from the graph: whatever needs one of them suspends too.
///
/// What the graph cannot show without a registry is an autowired
/// dependency. A key given a synchronous accessor is made with
/// ``ComponentFactory/Factory/synchronousHandle(forKey:as:)``, so one that
/// suspends after all fails with `requires-async` when the keys are made,
/// naming its chain, rather than at each call.
struct TypedKeys {
    /// What the generator knows of one key, across the environments.
    struct Key {
        let key: String
        let location: SourceLocation
        /// The Swift type, or nil when it cannot be known from the assemblies.
        var swiftType: String?
        /// Whether the key is defined in every environment.
        var everywhere: Bool
        /// Whether it is request-scoped, or needs a request-scoped component: only the scope-taking form.
        var needsScope: Bool
        /// Whether building it can suspend, as far as the declared classes and the graph show: only the async form.
        var suspends: Bool
    }

    let typeName: String
    /// `public ` when the keys are public, else nothing (internal).
    let access: String
    let imports: [String]
    let keys: [Key]
    /// Keys left out, with why: warnings for the build log.
    let problems: [Diagnostic]

    /// The keys of `graphs`, one per environment checked, with the Swift types `types` names for registered names.
    init(typeName: String, isPublic: Bool = false, imports: [String], types: [String: String], suspending: Set<String> = [],
         graphs: [ComponentGraph]) {
        self.typeName = typeName
        access = isPublic ? "public " : ""
        self.imports = imports
        var byKey: [String: Key] = [:]
        var order: [String] = []
        var classes: [String: Set<String>] = [:]
        var seenIn: [String: Int] = [:]
        for graph in graphs {
            for node in graph.nodes {
                if byKey[node.key] == nil {
                    order.append(node.key)
                    byKey[node.key] = Key(key: node.key, location: node.location, swiftType: nil, everywhere: false,
                                          needsScope: false, suspends: false)
                }
                classes[node.key, default: []].insert(node.className)
                seenIn[node.key, default: 0] += 1
            }
        }
        // A key needs a scope, or suspends, when it does so in any environment.
        for graph in graphs {
            for key in Self.reaching(graph, from: { $0.scope == "request" }) { byKey[key]?.needsScope = true }
            for key in Self.reaching(graph, from: { suspending.contains($0.className) }) { byKey[key]?.suspends = true }
        }
        var problems: [Diagnostic] = []
        var byAccessor: [String: [String]] = [:]
        for key in order {
            byAccessor[Self.accessorName(key), default: []].append(key)
        }
        var keys: [Key] = []
        for name in order {
            guard var key = byKey[name] else { continue }
            let clashing = byAccessor[Self.accessorName(name)] ?? []
            guard clashing.count == 1 else {
                problems.append(Diagnostic(.duplicateKey,
                                           "keys " + clashing.map { "'\($0)'" }.joined(separator: " and ")
                                               + " would make the same typed key \(Self.accessorName(name))(): none of them has one",
                                           at: key.location, severity: .warning))
                continue
            }
            key.everywhere = seenIn[name] == graphs.count
            if let written = classes[name], written.count == 1, let className = written.first, !className.isEmpty {
                key.swiftType = types[className] ?? (Self.isTypeName(className) ? className : nil)
            }
            keys.append(key)
        }
        self.keys = keys
        self.problems = problems
    }

    /// The keys of the components of `graph` that `seed` picks, and of every
    /// component that needs one of them (a reference, a `factory-component`,
    /// a `depends-on` key, or an alias), walked backwards once over the edges.
    static func reaching(_ graph: ComponentGraph, from seed: (ComponentGraph.Node) -> Bool) -> Set<String> {
        var needers: [String: [String]] = [:]
        for edge in graph.edges where edge.kind != .parent {
            needers[edge.to, default: []].append(edge.from)
        }
        var reached = Set(graph.nodes.filter(seed).map(\.key))
        var queue = Array(reached)
        var head = 0
        while head < queue.count {
            let target = queue[head]
            head += 1
            for needer in needers[target] ?? [] where reached.insert(needer).inserted {
                queue.append(needer)
            }
        }
        return reached
    }

    /// Whether `key` gets the synchronous accessor.
    private static func isSynchronous(_ key: Key) -> Bool {
        !key.needsScope && !key.suspends
    }

    /// The generated file.
    var source: String {
        var lines = ["// Generated by ComponentFactory's CheckAssemblies plugin from the target's assemblies: do not edit.",
                     "// Each key's handle is made once, in init, and checked there against the factory's plans."]
        lines += (["ComponentFactory"] + imports).map { "import \($0)" }
        lines.append("")
        lines.append("/// The typed keys of this target's assemblies.")
        lines.append("\(access)struct \(typeName): Sendable {")
        lines.append("    /// The factory the keys resolve in.")
        lines.append("    \(access)let factory: Factory")
        lines.append("    private let handles: Handles")
        lines.append("")
        lines.append("    /// A handle per key that every environment has and whose type is known.")
        lines.append("    private struct Handles: Sendable {")
        for key in keys where key.everywhere && key.swiftType != nil {
            lines.append("        let \(Self.accessorName(key.key)): ComponentHandle<\(key.swiftType ?? "")>")
        }
        lines.append("    }")
        lines.append("")
        lines.append("    /// The keys of `factory`: `unknown-reference` or `type-mismatch` if one does not fit it.")
        lines.append("    \(access)init(_ factory: Factory) throws(DiagnosticReport) {")
        lines.append("        self.factory = factory")
        let made = keys.filter { $0.everywhere && $0.swiftType != nil }.map { key in
            "            \(Self.accessorName(key.key).replacingBackticks): try factory.\(Self.isSynchronous(key) ? "synchronousHandle" : "handle")"
                + "(forKey: \(Self.literal(key.key)), as: \(key.swiftType ?? "").self)"
        }
        lines.append("        handles = Handles(" + (made.isEmpty ? ")" : "\n" + made.joined(separator: ",\n") + ")"))
        lines.append("    }")
        for key in keys {
            lines.append("")
            lines += accessor(key)
        }
        lines.append("}")
        lines.append("")
        lines.append("extension Factory {")
        lines.append("    /// This factory's typed keys, each checked once, here.")
        lines.append("    \(access)func \(Self.lowercasedFirst(typeName))() throws(DiagnosticReport) -> \(typeName) {")
        lines.append("        try \(typeName)(self)")
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The accessors of `key`: in a request scope when it needs one; else
    /// async, and synchronous too unless it can suspend.
    private func accessor(_ key: Key) -> [String] {
        let name = Self.accessorName(key.key)
        let literal = Self.literal(key.key)
        let file = key.location.file.split(separator: "/").last.map(String.init) ?? key.location.file
        let doc = "    /// `\(key.key)`, \(file):\(key.location.line)"
        let scoped = key.needsScope ? " It needs a request scope, so it is resolved in one." : ""
        guard let type = key.swiftType else {
            let note = doc + ": its Swift type is not known from the assemblies, so it is asked for." + scoped
            if key.needsScope {
                return [note, "    \(access)func \(name)<T>(in scope: RequestScope, as type: T.Type = T.self) async throws(DiagnosticReport) -> T {",
                        "        try await scope.component(forKey: \(literal), as: T.self)", "    }"]
            }
            var lines: [String] = []
            if Self.isSynchronous(key) {
                lines += [note, "    \(access)func \(name)<T>(as type: T.Type = T.self) throws(DiagnosticReport) -> T {",
                          "        try factory.component(forKey: \(literal), as: T.self)", "    }"]
            }
            return lines + [note, "    \(access)func \(name)<T>(as type: T.Type = T.self) async throws(DiagnosticReport) -> T {",
                            "        try await factory.async.component(forKey: \(literal), as: T.self)", "    }"]
        }
        let handle = key.everywhere ? "handles.\(name)" : "try factory.handle(forKey: \(literal), as: \(type).self)"
        let where_ = key.everywhere ? "" : " Not in every environment: its key is looked up at each call."
        if key.needsScope {
            return [doc + ", a `\(type)` of the request scope." + scoped + where_,
                    "    \(access)func \(name)(in scope: RequestScope) async throws(DiagnosticReport) -> \(type) {",
                    "        try await scope.component(\(handle))", "    }"]
        }
        var lines: [String] = []
        if Self.isSynchronous(key) {
            lines += [doc + ", a `\(type)`." + where_,
                      "    \(access)func \(name)() throws(DiagnosticReport) -> \(type) {",
                      "        try factory.component(\(handle))", "    }"]
        }
        let how = key.suspends ? "; building it can suspend, so only the async lookup has it." : ", by the async lookup."
        return lines + [doc + ", a `\(type)`" + how + where_,
                        "    \(access)func \(name)() async throws(DiagnosticReport) -> \(type) {",
                        "        try await factory.async.component(\(handle))", "    }"]
    }

    // MARK: Names

    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Names the generated struct uses itself: an accessor of one of these keys is `…Component`.
    private static let taken: Set<String> = ["factory", "handles"]

    /// `knight` for `knight`, `mainStore` for `main-store` or `main.store`, `_2fa` for `2fa`; keywords in backticks.
    static func accessorName(_ key: String) -> String {
        var words: [String] = []
        var word = ""
        for scalar in key.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                word.unicodeScalars.append(scalar)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        guard let first = words.first else { return "_" }
        var name = lowercasedFirst(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let head = name.unicodeScalars.first, ("0"..."9").contains(head) { name = "_" + name }
        if taken.contains(name) { name += "Component" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    static func lowercasedFirst(_ text: String) -> String {
        text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Whether `name` is a Swift type name: identifiers, joined by dots (`Knight`, `MiddleAges.Knight`).
    static func isTypeName(_ name: String) -> Bool {
        name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let head = part.unicodeScalars.first, head.isASCII, head.properties.isAlphabetic || head == "_" else { return false }
            return part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
        } && !keywords.contains(name)
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case _ where scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F: String(scalar)
            default: "\\u{\(String(scalar.value, radix: 16))}"
            }
        }.joined() + "\""
    }
}

private extension String {
    var replacingBackticks: String { filter { $0 != "`" } }
}
