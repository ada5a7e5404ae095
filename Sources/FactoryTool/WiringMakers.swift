@_spi(CompiledWiring) @_spi(Tooling) import ComponentFactory
import Foundation

/// The text of `NAME.Components.swift`: compiled wiring's typed accessors,
/// and a printed maker for each component that can have one.
///
/// `NAME.Components(factory)` has an accessor per key whose registered type
/// is the same Swift type in every environment and can be spelled there. A
/// key whose component is the same definition in every environment that has
/// it, a prototype made by an initializer that only calls its type's `init`
/// (``RegistrationBuilder/callsInitializer(_:labels:)``), whose properties
/// only assign members (``RegistrationBuilder/assignsProperty(_:member:)``)
/// and whose callbacks only call methods
/// (``RegistrationBuilder/callsMethod(_:method:)``), taking references and
/// plain values (numbers, text, `Bool`, `URL`, `UUID`, `Date`, `Data`,
/// `Decimal`, `Duration`), with no `depends-on`, gets a printed maker: a
/// function that calls the initializers, setters and callbacks directly, with the
/// values read once (`NAME.Makers`). Components of one shape (the same type,
/// initializer and kinds of argument) share one maker, which takes the
/// component's place among them, so that the generated code grows by a line
/// or two a component, and its functions with the shapes. Whether a maker may run is the engine's
/// to say (``PrintedMakers/maker(forKey:type:labels:references:)``); the
/// generated code only chooses between the maker and the engine:
/// - the maker runs while no patch is in place;
/// - a reference with no maker is resolved by the engine, through its handle;
///   such a maker throws, and its accessor asks the engine for the whole
///   component when it does, so that a failure is the engine's, with its chain;
/// - a maker with no such reference is also installed by each compiled load
///   (`NAME.compiled` carries `Makers.install`), for the lookups by key and by handle.
struct WiringMakers {
    let text: String
    /// How many keys got a printed maker, and how many an accessor.
    let counts: (makers: Int, accessors: Int)

    init(_ images: [WiringImage], registry: ComponentRegistry, name: String, isPublic: Bool, module: String, header: String) {
        let layout = WiringMakerLayout(images, registry: registry, module: module)
        var lines = ["@_spi(CompiledWiring) import ComponentFactory"] + layout.modules.map { "import \($0)" }
        lines += ["", "extension \(name) {"] + Self.makers(layout) + [""] + Self.components(layout, access: isPublic ? "public " : "")
        lines += ["}", ""]
        self.text = header + lines.joined(separator: "\n")
        self.counts = (layout.entries.count, layout.keys.count)
    }

    /// `Makers`: the entries, the values read from a factory's plans, the installing, and one maker a pure shape.
    private static func makers(_ layout: WiringMakerLayout) -> [String] {
        let (slotOf, entries, entryOf, shapes, members) = (layout.slotOf, layout.entries, layout.entryOf, layout.shapes, layout.members)
        let (shapeOf, fixed, pure, makerTypes) = (layout.shapeOf, layout.fixed, layout.pure, layout.makerTypes)
        var lines = ["    /// The printed makers' values, read once from a factory's plans in one pass over `entries`, and the",
                    "    /// makers that need nothing of the engine, which a compiled load installs for the lookups by key and by handle.",
                    "    /// One maker a shape (`sN`) makes each of its members, by the member's place in the shape's arrays.",
                    "    final class Makers: Sendable {",
                    "        /// The registered types of the printed makers, by the place each entry names.",
                    "        private static let types: [ObjectIdentifier] = ["
                        + makerTypes.map { "ObjectIdentifier(\($0).self)" }.joined(separator: ", ") + "]",
                    "        /// One printed maker a line, in an order where each comes after those it calls (``PrintedMakerEntry``).",
                    "        static let entries = PrintedMakerEntry.entries(in: #\"\"\"",
                    entries.compactMap { key -> String? in
                        guard let maker = key.maker, let (shape, member) = shapeOf[key.slot] else { return nil }
                        let references = maker.arguments.map { argument -> String? in if case .reference(let key) = argument { key } else { nil } }
                        return PrintedMakerEntry(
                            key: key.key, type: makerTypes.firstIndex(of: key.type) ?? -1, shape: shape, member: member,
                            labels: maker.labels, assigned: maker.assigned, methods: maker.methods, references: references,
                            calls: references.map { $0.flatMap { slotOf[$0] }.flatMap { entryOf[$0] } }).line
                    }.joined(separator: "\n"),
                    "\"\"\"#)", "",
                    "        /// Whether each entry's maker may run: the engine allows it, its values are there, and so are those it calls.",
                    "        let allowed: [Bool]"]
        for (number, shape) in shapes.enumerated() {
            for (position, part) in shape.parts.enumerated() {
                switch part {
                case .value(let type, _): lines.append("        let s\(number)v\(position): [\(type)]")
                case .printed where fixed[number]?[position] == nil: lines.append("        let s\(number)c\(position): [Int]")
                default: continue
                }
            }
        }
        lines += ["", "        /// The values of `makers`' plans; none, and no maker allowed, for nil.",
                  "        init(_ makers: PrintedMakers?) {",
                  "            var allowed: [Bool] = []",
                  "            allowed.reserveCapacity(Self.entries.count)"]
        for (number, shape) in shapes.enumerated() {
            let count = members[number].count
            for (position, part) in shape.parts.enumerated() {
                switch part {
                case .value(let type, let empty):
                    lines.append("            var s\(number)v\(position) = [\(type)](repeating: \(empty), count: \(count))")
                case .printed where fixed[number]?[position] == nil:
                    lines.append("            var s\(number)c\(position) = [Int](repeating: 0, count: \(count))")
                default: continue
                }
            }
        }
        lines += ["            for entry in Self.entries {",
                  "                let maker = makers?.maker(for: entry, types: Self.types)",
                  "                var fits = maker != nil && entry.below.allSatisfy { allowed[$0] }"]
        if !shapes.isEmpty {
            lines += ["                let member = entry.member", "                switch entry.shape {"]
        }
        for (number, shape) in shapes.enumerated() {
            lines.append("                case \(number) where member < \(members[number].count) && entry.type == \(makerTypes.firstIndex(of: shape.type) ?? -1):")
            var checked = false
            for (position, part) in shape.parts.enumerated() {
                switch part {
                case .value(let type, _):
                    lines += ["                    if let value = maker?.value(at: \(position), as: \(type).self) {",
                              "                        s\(number)v\(position)[member] = value",
                              "                    } else {", "                        fits = false", "                    }"]
                    checked = true
                case .printed(let called):
                    let callee = "entry.call(at: \(position)).map { Self.entries[$0] }"
                    if let member = fixed[number]?[position] {
                        lines.append("                    fits = fits && \(callee).map { $0.shape == \(called) && $0.member == \(member) } == true")
                    } else {
                        lines += ["                    let c\(position) = \(callee)",
                                  "                    s\(number)c\(position)[member] = c\(position)?.member ?? 0",
                                  "                    fits = fits && c\(position)?.shape == \(called)"]
                    }
                    checked = true
                case .engine:
                    continue
                }
            }
            if !checked { lines.append("                    break") }
        }
        if !shapes.isEmpty {
            lines += ["                default:", "                    fits = false", "                }"]
        } else {
            lines.append("                fits = false")
        }
        lines += ["                allowed.append(fits)", "            }", "            self.allowed = allowed"]
        for (number, shape) in shapes.enumerated() {
            for (position, part) in shape.parts.enumerated() {
                switch part {
                case .value: lines.append("            self.s\(number)v\(position) = s\(number)v\(position)")
                case .printed where fixed[number]?[position] == nil: lines.append("            self.s\(number)c\(position) = s\(number)c\(position)")
                default: continue
                }
            }
        }
        lines += ["        }", "",
                  "        /// Installs each maker that may run and needs nothing of the engine."]
        if pure.contains(true) {
            lines += ["        static func install(_ makers: inout PrintedMakers) {",
                      "            let made = Makers(makers)",
                      "            for (index, entry) in entries.enumerated() where made.allowed[index] {",
                      "                let member = entry.member",
                      "                switch entry.shape {"]
            for (number, shape) in shapes.enumerated() where pure[number] {
                lines.append(shape.isClass ? "                case \(number): makers.install(entry.key, object: { made.s\(number)(member) })"
                                 : "                case \(number): makers.install(entry.key) { made.s\(number)(member) }")
            }
            lines += ["                default: continue", "                }", "            }", "        }"]
        } else {
            lines.append("        static func install(_ makers: inout PrintedMakers) {}")
        }
        for (number, shape) in shapes.enumerated() where pure[number] {
            lines += ["", "        func s\(number)(_ member: Int) -> \(shape.type) {"] + Self.body(number, layout: layout, in: .makers) + ["        }"]
        }
        lines.append("    }")
        return lines
    }

    /// `Components`: the handles, the engine's fallback, a helper and (for a shape that calls the engine) a maker a shape,
    /// and an accessor a key.
    private static func components(_ layout: WiringMakerLayout, access: String) -> [String] {
        let (keys, types, typeKeys, handle) = (layout.keys, layout.types, layout.typeKeys, layout.handle)
        let (entryOf, shapes, members, shapeOf, pure) = (layout.entryOf, layout.shapes, layout.members, layout.shapeOf, layout.pure)
        var lines = ["    /// Typed accessors for a factory of this wiring, compiled or interpreted, or for a live factory: make",
                    "    /// one after each load, and resolve through it as often as needed. Each gives what",
                    "    /// `factory.component(forKey:as:)` gives, by its printed maker where the engine allows one.",
                    "    \(access)final class Components: Sendable {",
                    "        /// The factory the accessors resolve from; for a live factory, the generation serving when this was made.",
                    "        \(access)let factory: Factory",
                    "        private let live: LiveFactory?",
                    "        private let makers: Makers"]
        for (type, name) in types.enumerated() { lines.append("        private let h\(type): [ComponentHandle<\(name)>?]") }
        for (number, shape) in shapes.enumerated() {
            for case (let position, .engine(let type)) in shape.parts.enumerated() {
                lines += ["        private let s\(number)e\(position): [ComponentHandle<\(types[type])>?]",
                          "        private let s\(number)k\(position): [String]"]
            }
        }
        // Keys as a text, a line each: a literal array of thousands of strings takes minutes to optimize.
        // A key a line cannot hold is an empty line, and its accessor resolves it by key.
        for (type, names) in typeKeys.enumerated() {
            lines += ["        private static let k\(type) = keys(#\"\"\"",
                      names.map { PrintedMakerEntry.isPlain($0) ? $0 : "" }.joined(separator: "\n"),
                      "\"\"\"#)"]
        }
        lines += ["", "        /// Makes each key's handle in `factory`, and reads each printed maker's values from it.",
                  "        \(access)convenience init(_ factory: Factory) {",
                  "            self.init(factory, live: nil)",
                  "        }", "",
                  "        /// For a live factory: each accessor resolves in the generation serving at the call, by a handle",
                  "        /// made once, so a reload's values are seen at the next call; the lookup by handle runs the",
                  "        /// printed makers that generation's load installed.",
                  "        \(access)convenience init(_ live: LiveFactory) {",
                  "            self.init(live.factory, live: live)",
                  "        }", "",
                  "        private init(_ factory: Factory, live: LiveFactory?) {",
                  "            self.factory = factory",
                  "            self.live = live",
                  "            makers = Makers(live == nil ? factory.printedMakers : nil)"]
        for (type, name) in types.enumerated() {
            lines.append("            h\(type) = Self.k\(type).map { $0.isEmpty ? nil : try? factory.handle(forKey: $0, as: \(name).self) }")
        }
        let engineParts = shapes.enumerated().flatMap { number, shape in
            shape.parts.enumerated().compactMap { position, part -> (shape: Int, position: Int, type: Int)? in
                if case .engine(let type) = part { (number, position, type) } else { nil }
            }
        }
        if !engineParts.isEmpty {
            for (shape, position, type) in engineParts {
                lines += ["            var s\(shape)e\(position) = [ComponentHandle<\(types[type])>?](repeating: nil, count: \(members[shape].count))",
                          "            var s\(shape)k\(position) = [String](repeating: \"\", count: \(members[shape].count))"]
            }
            lines += ["            for entry in Makers.entries {", "                switch entry.shape {"]
            for shape in Set(engineParts.map(\.shape)).sorted() {
                lines.append("                case \(shape) where entry.member < \(members[shape].count):")
                for part in engineParts where part.shape == shape {
                    let (e, k) = ("s\(shape)e\(part.position)", "s\(shape)k\(part.position)")
                    lines += ["                    \(k)[entry.member] = entry.reference(at: \(part.position)) ?? \"\"",
                              "                    \(e)[entry.member] = try? factory.handle(forKey: \(k)[entry.member], as: \(types[part.type]).self)"]
                }
            }
            lines += ["                default:", "                    continue", "                }", "            }"]
            for (shape, position, _) in engineParts {
                lines += ["            self.s\(shape)e\(position) = s\(shape)e\(position)", "            self.s\(shape)k\(position) = s\(shape)k\(position)"]
            }
        }
        lines += ["        }", "",
                  "        /// A key a line; an empty line for a key a line cannot hold.",
                  "        private static func keys(_ text: String) -> [String] {",
                  "            text.split(separator: \"\\n\", omittingEmptySubsequences: false).map(String.init)",
                  "        }", "",
                  "        /// The component `key` by the engine, through its handle when it has one, in the generation serving now.",
                  "        private func resolve<T>(_ handle: ComponentHandle<T>?, _ key: String) throws(DiagnosticReport) -> T {",
                  "            let factory = live?.factory ?? self.factory",
                  "            guard let handle else { return try factory.component(forKey: key, as: T.self) }",
                  "            return try factory.component(handle)",
                  "        }"]
        for (number, shape) in shapes.enumerated() {
            let handles = "h\(types.firstIndex(of: shape.type) ?? 0)"
            lines += ["",
                      "        /// A component of shape \(number) by its printed maker, while the engine allows it and nothing is patched.",
                      "        /// Out of line, so that each accessor is one call: inlined into thousands of them, the optimizer's",
                      "        /// debug information grows past any build's patience.",
                      "        @inline(never)",
                      "        private func a\(number)(_ entry: Int, _ member: Int, _ handle: Int, _ key: String) throws(DiagnosticReport) -> \(shape.type) {",
                      "            guard makers.allowed[entry], factory.isUnpatched else { return try resolve(\(handles)[handle], key) }"]
            lines.append(pure[number] ? "            return makers.s\(number)(member)"
                             : "            do { return try s\(number)(member) } catch { return try resolve(\(handles)[handle], key) }")
            lines.append("        }")
            guard !pure[number] else { continue }
            lines += ["", "        private func s\(number)(_ member: Int) throws(DiagnosticReport) -> \(shape.type) {"]
                + Self.body(number, layout: layout, in: .components) + ["        }"]
        }
        for key in keys {
            let (type, index) = handle[key.slot] ?? (0, 0)
            let literal = TypedKeys.literal(key.key)
            let body = shapeOf[key.slot].map { "try a\($0.shape)(\(entryOf[key.slot] ?? 0), \($0.member), \(index), \(literal))" }
                ?? "try resolve(h\(type)[\(index)], \(literal))"
            lines += ["", "        /// The component \(literal).",
                      "        \(access)func \(key.name)() throws(DiagnosticReport) -> \(key.type) { \(body) }"]
        }
        lines.append("    }")
        return lines
    }

    /// Where a maker is printed: pure ones in `Makers`, the others (which call the engine) in `Components`.
    private enum Place {
        case makers, components
    }

    /// A shape's maker's body, as its place writes it: the initializer's call, and, for a shape
    /// with properties or callbacks, in the engine's order, the callback before the properties,
    /// each assignment, the callback after them and the init method.
    private static func body(_ number: Int, layout: WiringMakerLayout, in place: Place) -> [String] {
        let shape = layout.shapes[number]
        let values = values(number, layout: layout, in: place)
        let arguments = zip(shape.labels, values).map { label, value in label == "_" ? value : "\(label): \(value)" }
        let made = "\(shape.type)(\(arguments.joined(separator: ", ")))"
        guard !shape.assigned.isEmpty || shape.methods.contains(where: { $0 != nil }) else { return ["            " + made] }
        var lines = ["            \(shape.isClass ? "let" : "var") made = " + made]
        if let before = shape.methods[0] { lines.append("            made.\(before)()") }
        for (member, value) in zip(shape.assigned, values.dropFirst(shape.labels.count)) {
            lines.append("            made.\(member) = \(value)")
        }
        for case let method? in shape.methods.dropFirst() { lines.append("            made.\(method)()") }
        return lines + ["            return made"]
    }

    /// A shape's maker's value for each argument, then each assigned member, as its place writes them.
    private static func values(_ number: Int, layout: WiringMakerLayout, in place: Place) -> [String] {
        let shape = layout.shapes[number]
        let makers = place == .makers ? "" : "makers."
        return shape.parts.enumerated().map { position, part in
            switch part {
            case .value:
                return makers + "s\(number)v\(position)[member]"
            case .printed(let called):
                let member = layout.fixed[number]?[position].map(String.init) ?? makers + "s\(number)c\(position)[member]"
                return layout.pure[called] ? makers + "s\(called)(\(member))" : "try s\(called)(\(member))"
            case .engine:
                return "try resolve(s\(number)e\(position)[member], s\(number)k\(position)[member])"
            }
        }
    }
}
