@_spi(CompiledWiring) @_spi(Tooling) import ComponentFactory
import Foundation

/// The text of `NAME.Components.swift`: compiled wiring's typed accessors,
/// and a printed maker for each component that can have one.
///
/// `NAME.Components(factory)` has an accessor per key whose registered type
/// is the same Swift type in every environment and can be spelled there. A
/// key whose component is the same definition in every environment that has
/// it, a prototype made by an initializer that only calls its type's `init`
/// (``RegistrationBuilder/callsInitializer(_:labels:)``), taking references
/// and plain values (numbers, text, `Bool`, `URL`, `UUID`, `Date`, `Data`,
/// `Decimal`, `Duration`), with no property, callback or `depends-on`, gets a
/// printed maker: a function that calls the initializers directly, with the
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
    /// One key's accessor.
    private struct Key {
        let key: String
        let name: String
        let type: String
        /// Whether the type is a class: its maker is installed as giving the object itself.
        let isClass: Bool
        let slot: Int
        /// Set when the key gets a printed maker.
        var maker: Maker?
    }

    private struct Maker {
        let labels: [String]
        /// Per argument, the key it references, or the Swift type of its value.
        let arguments: [Argument]
    }

    private enum Argument {
        case reference(String)
        /// A value: its Swift type, and a literal of it that stands in when the engine makes the component.
        case value(String, empty: String)
    }

    /// One argument of a shape.
    private enum Part: Hashable {
        /// A value: its Swift type, and a literal of it that stands in when the engine makes the component.
        case value(String, empty: String)
        /// A reference made by the printed maker of a shape, by place.
        case printed(Int)
        /// A reference the engine resolves, by the place of its handles' type.
        case engine(Int)
    }

    /// The components one generated maker makes: the same type, initializer
    /// and kinds of argument, differing only in their values and in which
    /// member of a shape below each reference is. One function a shape, not
    /// one a component, keeps the generated code's size in the shapes' count.
    private struct Shape: Hashable {
        let type: String
        let isClass: Bool
        let labels: [String]
        let parts: [Part]
    }

    let text: String
    /// How many keys got a printed maker, and how many an accessor.
    let counts: (makers: Int, accessors: Int)

    init(_ images: [WiringImage], registry: ComponentRegistry, name: String, isPublic: Bool, module: String, header: String) {
        let access = isPublic ? "public " : ""
        var keys = Self.keys(images, registry: registry)
        // A key's slot is its place in `keys`; each key has one accessor.
        let slotOf = Dictionary(uniqueKeysWithValues: keys.map { ($0.key, $0.slot) })
        // A maker whose reference has no accessor cannot be typed: it uses the engine.
        for position in keys.indices {
            guard let maker = keys[position].maker else { continue }
            if maker.arguments.contains(where: { if case .reference(let key) = $0 { slotOf[key] == nil } else { false } }) {
                keys[position].maker = nil
            }
        }
        let order = Self.dependencyOrder(keys, slotOf: slotOf)
        for position in keys.indices where keys[position].maker != nil && order[keys[position].slot] == nil {
            keys[position].maker = nil  // on a cycle of references: the engine reports it
        }
        var modules: Set<String> = []
        for key in keys { modules.formUnion(Self.modules(of: key.type)) }
        for key in keys { for case .value(let type, _) in key.maker?.arguments ?? [] { modules.formUnion(Self.modules(of: type)) } }
        modules.subtract(["Swift", "ComponentFactory", module])

        // Each registered type's keys, for the handles: one array of handles a type.
        var types: [String] = []
        var handle: [Int: (type: Int, index: Int)] = [:]  // by slot
        var typeKeys: [[String]] = []
        for key in keys {
            let type = types.firstIndex(of: key.type) ?? { types.append(key.type); typeKeys.append([]); return types.count - 1 }()
            handle[key.slot] = (type, typeKeys[type].count)
            typeKeys[type].append(key.key)
        }
        // The printed makers in an order where each comes after those it makes: their entries' order.
        let entries = keys.filter { $0.maker != nil }.sorted { (order[$0.slot] ?? 0) < (order[$1.slot] ?? 0) }
        let entryOf = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.slot, $0) })
        // Each entry's shape and member, shapes numbered as first met: a shape's callees come before it.
        var shapes: [Shape] = []
        var shapeNumber: [Shape: Int] = [:]
        var members: [[Int]] = []  // by shape, the slots of its members
        var shapeOf: [Int: (shape: Int, member: Int)] = [:]  // by slot
        for key in entries {
            guard let maker = key.maker else { continue }
            let parts = maker.arguments.map { argument -> Part in
                switch argument {
                case .value(let type, let empty):
                    return .value(type, empty: empty)
                case .reference(let referenced):
                    let target = slotOf[referenced] ?? 0
                    return shapeOf[target].map { .printed($0.shape) } ?? .engine(handle[target]?.type ?? 0)
                }
            }
            let shape = Shape(type: key.type, isClass: key.isClass, labels: maker.labels, parts: parts)
            let number = shapeNumber[shape] ?? { shapes.append(shape); members.append([]); shapeNumber[shape] = shapes.count - 1; return shapes.count - 1 }()
            shapeOf[key.slot] = (number, members[number].count)
            members[number].append(key.slot)
        }
        // Per shape and printed part, the member every one of its members calls, when they all call the same.
        var fixed: [Int: [Int: Int]] = [:]
        for (number, shape) in shapes.enumerated() {
            for (position, part) in shape.parts.enumerated() {
                guard case .printed = part else { continue }
                let called = Set(members[number].map { slot -> Int in
                    guard case .reference(let referenced)? = keys[slot].maker?.arguments[position] else { return -1 }
                    return shapeOf[slotOf[referenced] ?? -1]?.member ?? -1
                })
                if called.count == 1, let member = called.first { fixed[number, default: [:]][position] = member }
            }
        }
        // Whether each shape's maker needs nothing of the engine, there or below: a shape's callees are numbered before it.
        var pure: [Bool] = []
        for shape in shapes {
            pure.append(shape.parts.allSatisfy { part in
                switch part {
                case .value: true
                case .printed(let called): pure[called]
                case .engine: false
                }
            })
        }
        let context = Context(shapes: shapes, members: members, fixed: fixed, pure: pure)
        var makerTypes: [String] = []
        for shape in shapes where !makerTypes.contains(shape.type) { makerTypes.append(shape.type) }

        var lines: [String] = ["@_spi(CompiledWiring) import ComponentFactory"]
        lines += modules.sorted().map { "import \($0)" }
        lines += ["", "extension \(name) {",
                  "    /// The printed makers' values, read once from a factory's plans in one pass over `entries`, and the",
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
                          labels: maker.labels, references: references,
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
            lines += ["", "        func s\(number)(_ member: Int) -> \(shape.type) {",
                      "            \(shape.type)(\(Self.arguments(number, context: context, in: .makers).joined(separator: ", ")))",
                      "        }"]
        }
        lines += ["    }", "",
                  "    /// Typed accessors for a factory of this wiring, compiled or interpreted, or for a live factory: make",
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
            lines += ["",
                      "        private func s\(number)(_ member: Int) throws(DiagnosticReport) -> \(shape.type) {",
                      "            \(shape.type)(\(Self.arguments(number, context: context, in: .components).joined(separator: ", ")))",
                      "        }"]
        }
        for key in keys {
            let (type, index) = handle[key.slot] ?? (0, 0)
            let literal = TypedKeys.literal(key.key)
            let body = shapeOf[key.slot].map { "try a\($0.shape)(\(entryOf[key.slot] ?? 0), \($0.member), \(index), \(literal))" }
                ?? "try resolve(h\(type)[\(index)], \(literal))"
            lines += ["", "        /// The component \(literal).",
                      "        \(access)func \(key.name)() throws(DiagnosticReport) -> \(key.type) { \(body) }"]
        }
        lines += ["    }", "}", ""]
        self.text = header + lines.joined(separator: "\n")
        self.counts = (entries.count, keys.count)
    }

    /// The shapes, their members, and what each shape's references call, for the text of a maker.
    private struct Context {
        let shapes: [Shape]
        /// By shape, the slots of its members.
        let members: [[Int]]
        /// By shape and printed part, the member every one of its members calls, when they all call the same.
        let fixed: [Int: [Int: Int]]
        /// By shape, whether its maker needs nothing of the engine.
        let pure: [Bool]
    }

    /// Where a maker is printed: pure ones in `Makers`, the others (which call the engine) in `Components`.
    private enum Place {
        case makers, components
    }

    /// A shape's maker's arguments, labelled, as its place writes them.
    private static func arguments(_ number: Int, context: Context, in place: Place) -> [String] {
        let shape = context.shapes[number]
        let makers = place == .makers ? "" : "makers."
        return shape.parts.enumerated().map { position, part in
            let label = shape.labels[position] == "_" ? "" : shape.labels[position] + ": "
            switch part {
            case .value:
                return label + makers + "s\(number)v\(position)[member]"
            case .printed(let called):
                let member = context.fixed[number]?[position].map(String.init) ?? makers + "s\(number)c\(position)[member]"
                return label + (context.pure[called] ? makers + "s\(called)(\(member))" : "try s\(called)(\(member))")
            case .engine:
                return label + "try resolve(s\(number)e\(position)[member], s\(number)k\(position)[member])"
            }
        }
    }

    /// Each printed maker's place in an order where every maker comes after those it calls;
    /// none for a maker on a cycle of references (which the engine refuses at load).
    private static func dependencyOrder(_ keys: [Key], slotOf: [String: Int]) -> [Int: Int] {
        var waiting: [Int: Int] = [:]
        var callers: [Int: [Int]] = [:]
        for key in keys {
            guard let maker = key.maker else { continue }
            let called = Set(maker.arguments.compactMap { argument -> Int? in
                guard case .reference(let referenced) = argument, let slot = slotOf[referenced], keys[slot].maker != nil else { return nil }
                return slot
            })
            waiting[key.slot] = called.count
            for slot in called { callers[slot, default: []].append(key.slot) }
        }
        var ready = waiting.filter { $0.value == 0 }.map(\.key).sorted(by: >)
        var order: [Int: Int] = [:]
        while let slot = ready.popLast() {
            order[slot] = order.count
            for caller in callers[slot] ?? [] {
                waiting[caller, default: 0] -= 1
                if waiting[caller] == 0 { ready.append(caller) }
            }
        }
        return order
    }

    /// Every key with an accessor, in order of first appearance, with its maker where it can have one.
    private static func keys(_ images: [WiringImage], registry: ComponentRegistry) -> [Key] {
        var order: [String] = []
        var seen: [String: [WiringImage.Component]] = [:]
        for image in images {
            for component in image.components {
                if seen[component.key] == nil { order.append(component.key) }
                seen[component.key, default: []].append(component)
            }
        }
        var names: [String: Int] = [:]
        for key in order { names[accessorName(key), default: 0] += 1 }
        var keys: [Key] = []
        for key in order {
            guard let definitions = seen[key], let first = definitions.first, let registered = first.type,
                  let registration = registry.registration(named: registered),
                  definitions.allSatisfy({ $0.type == registered }), TypedKeys.isTypeName(registration.type.swiftName),
                  !first.isSeeded else { continue }
            let name = accessorName(key)
            guard names[name] == 1 else { continue }
            let type = spelling(of: registration.type)
            var entry = Key(key: key, name: name, type: type, isClass: registration.type.isClass, slot: keys.count, maker: nil)
            if definitions.allSatisfy({ $0 == first }) { entry.maker = maker(first, registration: registration) }
            keys.append(entry)
        }
        return keys
    }

    private static func maker(_ component: WiringImage.Component, registration: TypeRegistration) -> Maker? {
        guard component.scope == .prototype, !component.isLazy, component.dependencies.isEmpty, component.properties.isEmpty,
              PrintedMakerEntry.isPlain(component.key),
              component.callbacks.allSatisfy({ $0 == nil }), case .initializer(let selector) = component.maker,
              let initializer = registration.initializers[selector], let labels = initializer.initializerLabels,
              registration.isolation == .nonisolated, labels.count == component.arguments.count else { return nil }
        var arguments: [Argument] = []
        for (value, parameter) in zip(component.arguments, initializer.parameters) {
            switch value {
            case .component(let key):
                guard PrintedMakerEntry.isPlain(key) else { return nil }
                arguments.append(.reference(key))
            case .site(_, hint: nil):
                guard !parameter.type.isOptional, parameter.type.collection == nil,
                      let spelled = plainValues[parameter.type.identity.id] else { return nil }
                arguments.append(.value(spelled.type, empty: spelled.empty))
            default:
                return nil
            }
        }
        return Maker(labels: labels, arguments: arguments)
    }

    /// The value types a printed maker reads, each Sendable, as generated code spells them on every
    /// platform, with a literal of each for a component the engine makes.
    private static let plainValues: [ObjectIdentifier: (type: String, empty: String)] = {
        let numbers: [Any.Type] = [Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self,
                                   UInt32.self, UInt64.self, Double.self, Float.self]
        var values = Dictionary(uniqueKeysWithValues: numbers.map { (ObjectIdentifier($0), (type: "Swift::\($0)", empty: "0")) })
        values[ObjectIdentifier(Bool.self)] = ("Swift::Bool", "false")
        values[ObjectIdentifier(String.self)] = ("Swift::String", "\"\"")
        values[ObjectIdentifier(Duration.self)] = ("Swift::Duration", ".zero")
        values[ObjectIdentifier(URL.self)] = ("Foundation::URL", "Foundation::URL(fileURLWithPath: \"/\")")
        values[ObjectIdentifier(UUID.self)] = ("Foundation::UUID", "Foundation::UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))")
        values[ObjectIdentifier(Date.self)] = ("Foundation::Date", "Foundation::Date(timeIntervalSinceReferenceDate: 0)")
        values[ObjectIdentifier(Data.self)] = ("Foundation::Data", "Foundation::Data()")
        values[ObjectIdentifier(Decimal.self)] = ("Foundation::Decimal", "Foundation::Decimal()")
        return values
    }()

    /// Names `Components` uses itself: an accessor of one of these keys is `…Component`, as in typed keys.
    private static let taken: Set<String> = ["live", "makers", "resolve"]

    /// The accessor's name of `key`: the typed keys' rule, clear of `Components`' own names.
    private static func accessorName(_ key: String) -> String {
        let name = TypedKeys.accessorName(key)
        return taken.contains(name) ? name + "Component" : name
    }

    /// How generated code spells a registered type: a plain value's on every platform, else as Swift prints it,
    /// each module named by a module selector (``selected(_:)``).
    private static func spelling(of type: ProducedType) -> String {
        plainValues[type.identity.id]?.type ?? selected(type.swiftName)
    }

    /// `name`, as Swift prints a type (`Knights.Knight`, `Swift.Optional<Knights.Knight>`), with each
    /// qualified name's module given by a module selector (`Knights::Knight`): a module that has a type
    /// of its own name (`enum Knights` in `Knights`) hides the module from `Knights.Knight`.
    static func selected(_ name: String) -> String {
        var result = ""
        var startsName = true  // the next identifier begins a qualified name: its module
        var inModule = false
        for character in name {
            if character.isLetter || character.isNumber || character == "_" {
                if startsName { inModule = true }
                startsName = false
            } else if character == "." {
                if inModule {
                    result += "::"
                    inModule = false
                    continue
                }
            } else {
                startsName = true
                inModule = false
            }
            result.append(character)
        }
        return result
    }

    /// The modules a spelled type name comes from: its first part.
    private static func modules(of type: String) -> [String] {
        type.components(separatedBy: "::").first.map { [$0] } ?? []
    }
}
