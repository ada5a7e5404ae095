@_spi(CompiledWiring) @_spi(Tooling) import ComponentFactory
import Foundation

/// What `compile-wiring --module` prints, decided before any text is written (see
/// ``WiringMakers``): each key with an accessor, its registered type's handles, and the
/// printed makers in an order where each comes after those it calls, grouped by shape.
struct WiringMakerLayout {
    /// One key's accessor.
    struct Key {
        let key: String
        let name: String
        let type: String
        /// Whether the type is a class: its maker is installed as giving the object itself.
        let isClass: Bool
        let slot: Int
        /// Set when the key gets a printed maker.
        var maker: Maker?
    }

    struct Maker {
        let labels: [String]
        /// The members its properties assign, in order.
        let assigned: [String]
        /// The methods it calls before its properties, after them, and as its init method; nil for none.
        let methods: [String?]
        /// Per argument, then per assigned member, the key it references, or the Swift type of its value.
        let arguments: [Argument]
    }

    enum Argument {
        case reference(String)
        /// A value: its Swift type, and a literal of it that stands in when the engine makes the component.
        case value(String, empty: String)
    }

    /// One argument of a shape.
    enum Part: Hashable {
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
    struct Shape: Hashable {
        let type: String
        let isClass: Bool
        let labels: [String]
        let assigned: [String]
        let methods: [String?]
        /// Per argument, then per assigned member.
        let parts: [Part]
    }

    /// Every key with an accessor; a key's slot is its place here.
    let keys: [Key]
    let slotOf: [String: Int]
    /// The registered types with accessors, each with its keys; each key's type and place among them, by slot.
    let types: [String]
    let typeKeys: [[String]]
    let handle: [Int: (type: Int, index: Int)]
    /// The keys with printed makers, in an order where each comes after those it calls; each one's place there, by slot.
    let entries: [Key]
    let entryOf: [Int: Int]
    /// The shapes, numbered as first met, so that a shape's callees come before it; by shape, the slots of its members.
    let shapes: [Shape]
    let members: [[Int]]
    /// Each printed key's shape and place among its members, by slot.
    let shapeOf: [Int: (shape: Int, member: Int)]
    /// By shape and printed part, the member every one of its members calls, when they all call the same.
    let fixed: [Int: [Int: Int]]
    /// By shape, whether its maker needs nothing of the engine, there or below.
    let pure: [Bool]
    /// The registered types of the printed makers, by the place each entry names.
    let makerTypes: [String]
    /// The modules the generated file imports.
    let modules: [String]

    init(_ images: [WiringImage], registry: ComponentRegistry, module: String) {
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
            let shape = Shape(type: key.type, isClass: key.isClass, labels: maker.labels, assigned: maker.assigned,
                              methods: maker.methods, parts: parts)
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
        var makerTypes: [String] = []
        for shape in shapes where !makerTypes.contains(shape.type) { makerTypes.append(shape.type) }
        self.keys = keys
        self.slotOf = slotOf
        (self.types, self.typeKeys, self.handle) = (types, typeKeys, handle)
        (self.entries, self.entryOf) = (entries, entryOf)
        (self.shapes, self.members, self.shapeOf, self.fixed, self.pure) = (shapes, members, shapeOf, fixed, pure)
        self.makerTypes = makerTypes
        self.modules = modules.sorted()
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
        guard component.scope == .prototype, !component.isLazy, component.dependencies.isEmpty,
              PrintedMakerEntry.isPlain(component.key), case .initializer(let selector) = component.maker,
              let initializer = registration.initializers[selector], let labels = initializer.initializerLabels,
              registration.isolation == .nonisolated, labels.count == component.arguments.count else { return nil }
        // Each property only assigns a member, and each callback but the destroy method (which no prototype runs) only calls a method.
        var assigned: [String] = []
        var values = Array(zip(component.arguments, initializer.parameters.map(\.type)))
        for property in component.properties {
            guard let setter = registration.properties[property.name], let member = setter.member,
                  PrintedMakerEntry.isPlain(member) else { return nil }
            assigned.append(member)
            values.append((property.value, setter.type))
        }
        var methods: [String?] = []
        for name in component.callbacks.prefix(3) {
            guard let name else {
                methods.append(nil)
                continue
            }
            guard let method = registration.callbacks[name]?.method, PrintedMakerEntry.isPlain(method) else { return nil }
            methods.append(method)
        }
        guard methods.count == 3 else { return nil }
        var arguments: [Argument] = []
        for (value, type) in values {
            switch value {
            case .component(let key):
                guard PrintedMakerEntry.isPlain(key) else { return nil }
                arguments.append(.reference(key))
            case .site(_, hint: nil):
                // An optional's value is its wrapped type's (the maker passes it on as the optional); one that is nil is the engine's.
                guard type.collection == nil, let spelled = plainValues[type.identity.id] else { return nil }
                arguments.append(.value(spelled.type, empty: spelled.empty))
            default:
                return nil
            }
        }
        return Maker(labels: labels, assigned: assigned, methods: methods, arguments: arguments)
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
