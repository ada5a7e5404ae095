@_spi(Tooling) import ComponentFactory
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
        let known = Dictionary(keys.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        // A maker whose reference has no accessor cannot be typed: it uses the engine.
        for position in keys.indices {
            guard let maker = keys[position].maker else { continue }
            if maker.arguments.contains(where: { if case .reference(let key) = $0 { known[key] == nil } else { false } }) {
                keys[position].maker = nil
            }
        }
        let bySlot = Dictionary(keys.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let order = Self.dependencyOrder(keys, bySlot: bySlot)
        for position in keys.indices where keys[position].maker != nil && order[keys[position].slot] == nil {
            keys[position].maker = nil  // on a cycle of references: the engine reports it
        }
        let printed = Dictionary(keys.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var modules: Set<String> = []
        for key in keys { modules.formUnion(Self.modules(of: key.type)) }
        for key in keys { for case .value(let type, _) in key.maker?.arguments ?? [] { modules.formUnion(Self.modules(of: type)) } }
        modules.subtract(["Swift", "ComponentFactory", module])

        let pure = Set(keys.compactMap { key in key.maker.flatMap { Self.isMixed($0, printed: printed) ? nil : key.slot } })
        var lines: [String] = ["@_spi(CompiledWiring) import ComponentFactory"]
        lines += modules.sorted().map { "import \($0)" }
        lines += ["", "extension \(name) {",
                  "    /// The printed makers' values, read once from a factory's plans, and the makers that need nothing",
                  "    /// of the engine, which a compiled load installs for the lookups by key and by handle.",
                  "    final class Makers: Sendable {"]
        for key in keys {
            guard let maker = key.maker else { continue }
            lines.append("        /// Whether the printed maker of \(TypedKeys.literal(key.key)) may run: the engine allows it, and each it makes.")
            lines.append("        let d\(key.slot): Bool")
            for (position, argument) in maker.arguments.enumerated() {
                if case .value(let type, _) = argument { lines.append("        let v\(key.slot)_\(position): \(type)") }
            }
        }
        lines += ["", "        /// Each printed maker's values, where the engine allows the maker.",
                  "        init(_ makers: PrintedMakers) {"]
        for key in keys.sorted(by: { (order[$0.slot] ?? -1) < (order[$1.slot] ?? -1) }) {
            guard let maker = key.maker else { continue }
            let labels = maker.labels.map(TypedKeys.literal).joined(separator: ", ")
            let references = maker.arguments.map { if case .reference(let key) = $0 { TypedKeys.literal(key) } else { "nil" } }
                .joined(separator: ", ")
            lines.append("            let m\(key.slot) = makers.maker(forKey: \(TypedKeys.literal(key.key)), type: \(key.type).self, "
                             + "labels: [\(labels)], references: [\(references)])")
            var conditions = ["m\(key.slot) != nil"]
            for (position, argument) in maker.arguments.enumerated() {
                switch argument {
                case .value(let type, let empty):
                    lines.append("            let x\(key.slot)_\(position) = m\(key.slot)?.value(at: \(position), as: \(type).self)")
                    lines.append("            v\(key.slot)_\(position) = x\(key.slot)_\(position) ?? \(empty)")
                    conditions.append("x\(key.slot)_\(position) != nil")
                case .reference(let referenced):
                    if let target = printed[referenced], target.maker != nil, !conditions.contains("d\(target.slot)") {
                        conditions.append("d\(target.slot)")
                    }
                }
            }
            lines.append("            d\(key.slot) = " + conditions.joined(separator: " && "))
        }
        lines += ["        }", "",
                  "        /// Installs each maker that may run and needs nothing of the engine.",
                  "        static func install(_ makers: inout PrintedMakers) {",
                  "            let made = Makers(makers)"]
        for key in keys where pure.contains(key.slot) {
            let install = key.isClass ? "install(\(TypedKeys.literal(key.key)), object: { made.make\(key.slot)() })"
                : "install(\(TypedKeys.literal(key.key))) { made.make\(key.slot)() }"
            lines.append("            if made.d\(key.slot) { makers.\(install) }")
        }
        lines.append("        }")
        for key in keys where pure.contains(key.slot) {
            guard let maker = key.maker else { continue }
            lines += ["", "        func make\(key.slot)() -> \(key.type) {",
                      "            \(key.type)(\(Self.arguments(maker, slot: key.slot, printed: printed, in: .makers).joined(separator: ", ")))",
                      "        }"]
        }
        lines += ["    }", "",
                  "    /// Typed accessors for a factory of this wiring, compiled or interpreted: make one after each load",
                  "    /// (a live factory's generation is a load), and resolve through it as often as needed.",
                  "    \(access)final class Components: Sendable {",
                  "        /// The factory the accessors resolve from.",
                  "        \(access)let factory: Factory",
                  "        private let makers: Makers"]
        for key in keys { lines.append("        private let h\(key.slot): ComponentHandle<\(key.type)>?") }
        lines += ["", "        /// Makes each key's handle in `factory`, and reads each printed maker's values from it.",
                  "        \(access)init(_ factory: Factory) {",
                  "            self.factory = factory",
                  "            makers = Makers(factory.printedMakers)"]
        for key in keys { lines.append("            h\(key.slot) = try? factory.handle(forKey: \(TypedKeys.literal(key.key)), as: \(key.type).self)") }
        lines.append("        }")
        for key in keys {
            lines += ["", "        /// The component \(TypedKeys.literal(key.key)), as `factory.component(forKey:as:)` gives it"
                          + (key.maker == nil ? "." : ", by its printed maker while the engine allows."),
                      "        \(access)func \(key.name)() throws(DiagnosticReport) -> \(key.type) {"]
            if key.maker == nil {
                lines.append("            try engine\(key.slot)()")
            } else if pure.contains(key.slot) {
                lines += ["            guard makers.d\(key.slot), factory.isUnpatched else { return try engine\(key.slot)() }",
                          "            return makers.make\(key.slot)()"]
            } else {
                lines += ["            guard makers.d\(key.slot), factory.isUnpatched else { return try engine\(key.slot)() }",
                          "            do { return try make\(key.slot)() } catch { return try engine\(key.slot)() }"]
            }
            lines += ["        }", "",
                      "        private func engine\(key.slot)() throws(DiagnosticReport) -> \(key.type) {",
                      "            guard let handle = h\(key.slot) else { return try factory.component(forKey: \(TypedKeys.literal(key.key)), as: \(key.type).self) }",
                      "            return try factory.component(handle)",
                      "        }"]
            guard let maker = key.maker, !pure.contains(key.slot) else { continue }
            lines += ["",
                      "        private func make\(key.slot)() throws(DiagnosticReport) -> \(key.type) {",
                      "            \(key.type)(\(Self.arguments(maker, slot: key.slot, printed: printed, in: .components).joined(separator: ", ")))",
                      "        }"]
        }
        lines += ["    }", "",
                  "    /// Typed accessors for a live factory of this wiring: each resolves in the generation serving at the",
                  "    /// call, by a handle made once, so a reload's values are seen at the next call; the lookup by handle",
                  "    /// runs the printed makers that generation's load installed.",
                  "    \(access)final class LiveComponents: Sendable {",
                  "        /// The live factory the accessors resolve from.",
                  "        \(access)let live: LiveFactory"]
        for key in keys { lines.append("        private let h\(key.slot): ComponentHandle<\(key.type)>?") }
        lines += ["", "        /// Makes each key's handle in the generation serving now; a handle serves every generation.",
                  "        \(access)init(_ live: LiveFactory) {",
                  "            self.live = live",
                  "            let factory = live.factory"]
        for key in keys { lines.append("            h\(key.slot) = try? factory.handle(forKey: \(TypedKeys.literal(key.key)), as: \(key.type).self)") }
        lines.append("        }")
        for key in keys {
            lines += ["", "        /// The component \(TypedKeys.literal(key.key)) of the generation serving now.",
                      "        \(access)func \(key.name)() throws(DiagnosticReport) -> \(key.type) {",
                      "            let factory = live.factory",
                      "            guard let handle = h\(key.slot) else { return try factory.component(forKey: \(TypedKeys.literal(key.key)), as: \(key.type).self) }",
                      "            return try factory.component(handle)",
                      "        }"]
        }
        lines += ["    }", "}", ""]
        self.text = header + lines.joined(separator: "\n")
        self.counts = (keys.filter { $0.maker != nil }.count, keys.count)
    }

    /// Where a maker is printed: pure ones in `Makers`, the others (which call the engine) in `Components`.
    private enum Place {
        case makers, components
    }

    /// A maker's arguments, labelled, as its place writes them.
    private static func arguments(_ maker: Maker, slot: Int, printed: [String: Key], in place: Place) -> [String] {
        let values = place == .makers ? "" : "makers."
        var arguments: [String] = []
        for (position, argument) in maker.arguments.enumerated() {
            let label = maker.labels[position] == "_" ? "" : maker.labels[position] + ": "
            switch argument {
            case .value:
                arguments.append(label + values + "v\(slot)_\(position)")
            case .reference(let referenced):
                guard let target = printed[referenced] else { continue }
                if let made = target.maker {
                    arguments.append(label + (isMixed(made, printed: printed) ? "try make\(target.slot)()" : values + "make\(target.slot)()"))
                } else {
                    arguments.append(label + "try engine\(target.slot)()")
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
    private static func dependencyOrder(_ keys: [Key], bySlot: [String: Key]) -> [Int: Int] {
        var waiting: [Int: Int] = [:]
        var callers: [Int: [Int]] = [:]
        for key in keys {
            guard let maker = key.maker else { continue }
            let called = Set(maker.arguments.compactMap { argument -> Int? in
                guard case .reference(let referenced) = argument, let target = bySlot[referenced], target.maker != nil else { return nil }
                return target.slot
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
        for key in order { names[TypedKeys.accessorName(key), default: 0] += 1 }
        var keys: [Key] = []
        for key in order {
            guard let definitions = seen[key], let first = definitions.first, let registered = first.type,
                  let registration = registry.registration(named: registered),
                  definitions.allSatisfy({ $0.type == registered }), TypedKeys.isTypeName(spelling(of: registration.type)),
                  !first.isSeeded else { continue }
            let name = TypedKeys.accessorName(key)
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
              component.callbacks.allSatisfy({ $0 == nil }), case .initializer(let selector) = component.maker,
              let initializer = registration.initializers[selector], let labels = initializer.initializerLabels,
              registration.isolation == .nonisolated, labels.count == component.arguments.count else { return nil }
        var arguments: [Argument] = []
        for (value, parameter) in zip(component.arguments, initializer.parameters) {
            switch value {
            case .component(let key):
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

    /// How generated code spells a registered type: a plain value's on every platform, else as Swift prints it.
    private static func spelling(of type: ProducedType) -> String {
        plainValues[type.identity.id]?.type ?? type.swiftName
    }

    /// The modules a spelled type name comes from: its first part.
    private static func modules(of type: String) -> [String] {
        type.split(separator: ".").first.map { [String($0)] } ?? []
    }
}
