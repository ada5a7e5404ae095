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
/// values read once (`NAME.Makers`). Whether a maker may run is the engine's
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
        let printed = slotOf.mapValues { keys[$0] }
        var modules: Set<String> = []
        for key in keys { modules.formUnion(Self.modules(of: key.type)) }
        for key in keys { for case .value(let type, _) in key.maker?.arguments ?? [] { modules.formUnion(Self.modules(of: type)) } }
        modules.subtract(["Swift", "ComponentFactory", module])

        let pure = Set(keys.compactMap { key in key.maker.flatMap { Self.isMixed($0, printed: printed) ? nil : key.slot } })
        // The printed makers in an order where each comes after those it makes: their entries' order.
        let entries = keys.filter { $0.maker != nil }.sorted { (order[$0.slot] ?? 0) < (order[$1.slot] ?? 0) }
        let entryOf = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.slot, $0) })
        // Each value type read gets an array; each value its place in it.
        var kinds: [String] = []
        var empties: [String] = []
        var place: [Int: [Int: (kind: Int, index: Int)]] = [:]  // by slot, by argument position
        var counts: [Int] = []
        for key in entries {
            for (position, argument) in key.maker?.arguments.enumerated().map({ ($0, $1) }) ?? [] {
                guard case .value(let type, let empty) = argument else { continue }
                let kind = kinds.firstIndex(of: type) ?? { kinds.append(type); empties.append(empty); counts.append(0); return kinds.count - 1 }()
                place[key.slot, default: [:]][position] = (kind, counts[kind])
                counts[kind] += 1
            }
        }
        // Each registered type's keys, for the handles: one array of handles a type.
        var types: [String] = []
        var handle: [Int: (type: Int, index: Int)] = [:]  // by slot
        var typeKeys: [[String]] = []
        for key in keys {
            let type = types.firstIndex(of: key.type) ?? { types.append(key.type); typeKeys.append([]); return types.count - 1 }()
            handle[key.slot] = (type, typeKeys[type].count)
            typeKeys[type].append(key.key)
        }
        let context = Context(printed: printed, entryOf: entryOf, place: place, handle: handle)
        var makerTypes: [String] = []
        for key in entries where !makerTypes.contains(key.type) { makerTypes.append(key.type) }

        var lines: [String] = ["@_spi(CompiledWiring) import ComponentFactory"]
        lines += modules.sorted().map { "import \($0)" }
        lines += ["", "extension \(name) {",
                  "    /// The printed makers' values, read once from a factory's plans in one pass over `entries`, and the",
                  "    /// makers that need nothing of the engine, which a compiled load installs for the lookups by key and by handle.",
                  "    final class Makers: Sendable {",
                  "        /// The registered types of the printed makers, by the place each entry names.",
                  "        private static let types: [ObjectIdentifier] = ["
                      + makerTypes.map { "ObjectIdentifier(\($0).self)" }.joined(separator: ", ") + "]",
                  "        /// One printed maker a line, in an order where each comes after those it calls (``PrintedMakerEntry``).",
                  "        private static let entries = PrintedMakerEntry.entries(in: #\"\"\"",
                  entries.compactMap { key -> String? in
                      guard let maker = key.maker else { return nil }
                      let values = (place[key.slot] ?? [:]).sorted { $0.key < $1.key }
                      let below = Set(maker.arguments.compactMap { argument -> Int? in
                          guard case .reference(let referenced) = argument, let target = printed[referenced] else { return nil }
                          return entryOf[target.slot]
                      }).sorted()
                      return PrintedMakerEntry(
                          key: key.key, type: makerTypes.firstIndex(of: key.type) ?? -1, labels: maker.labels,
                          references: maker.arguments.map { if case .reference(let key) = $0 { key } else { nil } },
                          values: values.map(\.key), kinds: values.map(\.value.kind), below: below).line
                  }.joined(separator: "\n"),
                  "\"\"\"#)"]
        lines += ["",
                  "        /// Whether each entry's maker may run: the engine allows it, its values are there, and so are those it calls.",
                  "        let allowed: [Bool]"]
        for (kind, type) in kinds.enumerated() { lines.append("        let v\(kind): [\(type)]") }
        lines += ["", "        /// The values of `makers`' plans; none, and no maker allowed, for nil.",
                  "        init(_ makers: PrintedMakers?) {",
                  "            var allowed: [Bool] = []",
                  "            allowed.reserveCapacity(Self.entries.count)"]
        for (kind, type) in kinds.enumerated() {
            lines += ["            var v\(kind): [\(type)] = []", "            v\(kind).reserveCapacity(\(counts[kind]))"]
        }
        lines += ["            for entry in Self.entries {",
                  "                let maker = makers?.maker(for: entry, types: Self.types)",
                  "                var fits = maker != nil && entry.below.allSatisfy { allowed[$0] }"]
        if !kinds.isEmpty {
            lines += ["                for (position, kind) in zip(entry.values, entry.kinds) {", "                    switch kind {"]
            for (kind, type) in kinds.enumerated() {
                lines += ["                    case \(kind):",
                          "                        let value = maker?.value(at: position, as: \(type).self)",
                          "                        v\(kind).append(value ?? \(empties[kind]))",
                          "                        fits = fits && value != nil"]
            }
            lines += ["                    default:", "                        fits = false", "                    }", "                }"]
        }
        lines += ["                allowed.append(fits)", "            }", "            self.allowed = allowed"]
        for kind in kinds.indices { lines.append("            self.v\(kind) = v\(kind)") }
        lines += ["        }", "",
                  "        /// Installs each maker that may run and needs nothing of the engine.",
                  "        static func install(_ makers: inout PrintedMakers) {",
                  "            let made = Makers(makers)"]
        let installed = entries.filter { pure.contains($0.slot) }
        let chunks = stride(from: 0, to: installed.count, by: Self.chunk).map { Array(installed[$0..<min($0 + Self.chunk, installed.count)]) }
        for number in chunks.indices { lines.append("            made.install\(number)(&makers)") }
        lines.append("        }")
        for (number, chunk) in chunks.enumerated() {
            lines += ["", "        private func install\(number)(_ makers: inout PrintedMakers) {"]
            for key in chunk {
                let entry = entryOf[key.slot] ?? 0
                let install = key.isClass ? "install(\(TypedKeys.literal(key.key)), object: { self.make\(key.slot)() })"
                    : "install(\(TypedKeys.literal(key.key))) { self.make\(key.slot)() }"
                lines.append("            if allowed[\(entry)] { makers.\(install) }")
            }
            lines.append("        }")
        }
        for key in entries where pure.contains(key.slot) {
            guard let maker = key.maker else { continue }
            lines += ["", "        func make\(key.slot)() -> \(key.type) {",
                      "            \(key.type)(\(Self.arguments(maker, slot: key.slot, context: context, in: .makers).joined(separator: ", ")))",
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
        for (type, names) in typeKeys.enumerated() {
            lines.append("        private static let k\(type): [String] = [" + names.map(TypedKeys.literal).joined(separator: ", ") + "]")
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
            lines.append("            h\(type) = Self.k\(type).map { try? factory.handle(forKey: $0, as: \(name).self) }")
        }
        lines += ["        }", "",
                  "        /// The component `key` by the engine, through its handle when it has one, in the generation serving now.",
                  "        private func resolve<T>(_ handle: ComponentHandle<T>?, _ key: String) throws(DiagnosticReport) -> T {",
                  "            let factory = live?.factory ?? self.factory",
                  "            guard let handle else { return try factory.component(forKey: key, as: T.self) }",
                  "            return try factory.component(handle)",
                  "        }"]
        for key in keys {
            let engine = context.engine(key)
            lines += ["", "        /// The component \(TypedKeys.literal(key.key)).",
                      "        \(access)func \(key.name)() throws(DiagnosticReport) -> \(key.type) {"]
            if let entry = entryOf[key.slot] {
                lines.append("            guard makers.allowed[\(entry)], factory.isUnpatched else { return try \(engine) }")
                lines.append(pure.contains(key.slot) ? "            return makers.make\(key.slot)()"
                                 : "            do { return try make\(key.slot)() } catch { return try \(engine) }")
            } else {
                lines.append("            try \(engine)")
            }
            lines.append("        }")
            guard let maker = key.maker, !pure.contains(key.slot) else { continue }
            lines += ["",
                      "        private func make\(key.slot)() throws(DiagnosticReport) -> \(key.type) {",
                      "            \(key.type)(\(Self.arguments(maker, slot: key.slot, context: context, in: .components).joined(separator: ", ")))",
                      "        }"]
        }
        lines += ["    }", "}", ""]
        self.text = header + lines.joined(separator: "\n")
        self.counts = (entries.count, keys.count)
    }

    /// How many makers one installing function installs: no generated function grows with the app.
    private static let chunk = 256

    /// Where each key's maker, values and handle are, for the text of a call.
    private struct Context {
        let printed: [String: Key]
        let entryOf: [Int: Int]
        let place: [Int: [Int: (kind: Int, index: Int)]]
        let handle: [Int: (type: Int, index: Int)]

        /// The call that asks the engine for `key`.
        func engine(_ key: Key) -> String {
            let (type, index) = handle[key.slot] ?? (0, 0)
            return "resolve(h\(type)[\(index)], \(TypedKeys.literal(key.key)))"
        }
    }

    /// Where a maker is printed: pure ones in `Makers`, the others (which call the engine) in `Components`.
    private enum Place {
        case makers, components
    }

    /// A maker's arguments, labelled, as its place writes them.
    private static func arguments(_ maker: Maker, slot: Int, context: Context, in place: Place) -> [String] {
        let values = place == .makers ? "" : "makers."
        var arguments: [String] = []
        for (position, argument) in maker.arguments.enumerated() {
            let label = maker.labels[position] == "_" ? "" : maker.labels[position] + ": "
            switch argument {
            case .value:
                let (kind, index) = context.place[slot]?[position] ?? (0, 0)
                arguments.append(label + values + "v\(kind)[\(index)]")
            case .reference(let referenced):
                guard let target = context.printed[referenced] else { continue }
                if let made = target.maker {
                    arguments.append(label + (isMixed(made, printed: context.printed) ? "try make\(target.slot)()" : values + "make\(target.slot)()"))
                } else {
                    arguments.append(label + "try " + context.engine(target))
                }
            }
        }
        return arguments
    }

    /// Whether a maker calls the engine anywhere below it: then it throws, and its accessor catches.
    private static func isMixed(_ maker: Maker, printed: [String: Key]) -> Bool {
        var pending = [maker]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            for case .reference(let key) in next.arguments {
                guard let target = printed[key]?.maker else { return true }
                if seen.insert(key).inserted { pending.append(target) }
            }
        }
        return false
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
                  definitions.allSatisfy({ $0.type == registered }), TypedKeys.isTypeName(spelling(of: registration.type)),
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
        var values = Dictionary(uniqueKeysWithValues: numbers.map { (ObjectIdentifier($0), (type: "Swift.\($0)", empty: "0")) })
        values[ObjectIdentifier(Bool.self)] = ("Swift.Bool", "false")
        values[ObjectIdentifier(String.self)] = ("Swift.String", "\"\"")
        values[ObjectIdentifier(Duration.self)] = ("Swift.Duration", ".zero")
        values[ObjectIdentifier(URL.self)] = ("Foundation.URL", "Foundation.URL(fileURLWithPath: \"/\")")
        values[ObjectIdentifier(UUID.self)] = ("Foundation.UUID", "Foundation.UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))")
        values[ObjectIdentifier(Date.self)] = ("Foundation.Date", "Foundation.Date(timeIntervalSinceReferenceDate: 0)")
        values[ObjectIdentifier(Data.self)] = ("Foundation.Data", "Foundation.Data()")
        values[ObjectIdentifier(Decimal.self)] = ("Foundation.Decimal", "Foundation.Decimal()")
        return values
    }()

    /// Names `Components` uses itself: an accessor of one of these keys is `…Component`, as in typed keys.
    private static let taken: Set<String> = ["live", "makers", "resolve"]

    /// The accessor's name of `key`: the typed keys' rule, clear of `Components`' own names.
    private static func accessorName(_ key: String) -> String {
        let name = TypedKeys.accessorName(key)
        return taken.contains(name) ? name + "Component" : name
    }

    /// How generated code spells a registered type: a plain value's on every platform, else as Swift prints it.
    private static func spelling(of type: ProducedType) -> String {
        plainValues[type.identity.id]?.type ?? type.swiftName
    }

    /// The modules a spelled type name comes from: its first part.
    private static func modules(of type: String) -> [String] {
        type.split(separator: ".").first.map { [String($0)] } ?? []
    }
}
