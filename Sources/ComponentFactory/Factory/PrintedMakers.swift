/// What compiled wiring's printed makers may do with one plan table: the
/// engine's one rule for which component a printed maker may make, and the
/// makers installed for the lookups by key and by handle. Only generated code
/// uses it (`compile-wiring --module`).
///
/// A printed maker may make a component of this factory's own that is a
/// prototype, made by an initializer that only calls its type's `init`
/// (``RegistrationBuilder/callsInitializer(_:labels:)``), whose properties
/// only assign members (``RegistrationBuilder/assignsProperty(_:member:)``)
/// and whose callbacks only call methods
/// (``RegistrationBuilder/callsMethod(_:method:)``), with no `depends-on` or
/// suspension, in a factory with no component post-processor. Everything
/// else, and every component while a patch is in place, is the engine's, so
/// that no scope, lock, patch or failure rule is written twice.
@_spi(CompiledWiring)
public struct PrintedMakers {
    /// What a compiled load calls with the table it built: generated code
    /// reads its values and installs the makers that need nothing of the engine.
    public typealias Install = @Sendable (inout PrintedMakers) -> Void

    let table: PlanTable
    /// The installed makers, by plan index, each giving what an ``Instance`` holds.
    private(set) var installed: [Int: @Sendable () -> AnyObject] = [:]

    init(_ table: PlanTable) {
        self.table = table
    }

    /// The values for the printed maker of `key`, when the engine lets one
    /// make that component; nil when the engine must.
    ///
    /// - Parameters:
    ///   - type: the identity of the type the maker's initializer belongs to; the component must be registered as exactly it.
    ///   - labels: the initializer's argument labels, as the registration declared them.
    ///   - assigned: the members the maker assigns, in order: the component's
    ///     properties must be set by exactly these (``RegistrationBuilder/assignsProperty(_:member:)``).
    ///   - methods: the methods the maker calls before the properties, after
    ///     them, and as the init method, nil for none: the component's
    ///     callbacks must be exactly these (``RegistrationBuilder/callsMethod(_:method:)``).
    ///   - references: per argument, then per assigned member, the key of the
    ///     component it must be, or nil where it must be a value; any other is refused.
    public func maker(forKey key: String, type: ObjectIdentifier, labels: [String], assigned: [String] = [],
                      methods: [String?] = [nil, nil, nil], references: [String?]) -> PrintedMaker? {
        guard table.postProcessors.isEmpty, let own = table.keys.index(of: key) else { return nil }
        let plan = table.plans[own]
        let callbacks = [plan.beforePropertyInjection, plan.afterPropertyInjection, plan.initMethod]
        guard plan.scope == .prototype, plan.produces.identity.id == type,
              plan.names.kind == .initializer, plan.names.initializerLabels == labels,
              plan.properties.map(\.registration.member) == assigned, callbacks.map({ $0?.method }) == methods,
              callbacks.allSatisfy({ $0 == nil || $0?.method != nil }),
              plan.dependencies.isEmpty, plan.factoryIndex == nil,
              plan.isolation == .nonisolated, plan.ownSuspension == nil,
              plan.arguments.count + plan.properties.count == references.count else { return nil }
        for (value, reference) in zip(plan.arguments + plan.properties.map(\.value), references) {
            switch (value, reference) {
            case (.constant, nil):
                continue
            case (.component(let index), let key?) where table.plans[index].key == key:
                continue
            default:
                return nil
            }
        }
        return PrintedMaker(plan: plan)
    }

    /// The values for the printed maker `entry` describes, its type looked up in `types`.
    public func maker(for entry: PrintedMakerEntry, types: [ObjectIdentifier]) -> PrintedMaker? {
        guard types.indices.contains(entry.type) else { return nil }
        return maker(forKey: entry.key, type: types[entry.type], labels: entry.labels, assigned: entry.assigned,
                     methods: entry.methods, references: entry.references)
    }

    /// Makes `key` with `make` in the lookups by key and by handle, while no
    /// patch is in place. `make` must be the printed maker of a component
    /// ``maker(forKey:type:labels:references:)`` allowed, with everything it makes allowed too.
    @inlinable
    public mutating func install<T>(_ key: String, _ make: @escaping @Sendable () -> T) {
        add(key) { Instance(make()).object }
    }

    /// ``install(_:_:)`` for a class, whose instance the engine holds as it
    /// is, with no closure in between: what the lookup by key on printed makers needs.
    public mutating func install(_ key: String, object make: @escaping @Sendable () -> AnyObject) {
        add(key, make)
    }

    @usableFromInline
    mutating func add(_ key: String, _ make: @escaping @Sendable () -> AnyObject) {
        guard let index = table.keys.index(of: key) else { return }
        installed[index] = make
    }
}

extension Factory {
    /// What compiled wiring's printed makers may do with this factory's plans.
    @_spi(CompiledWiring)
    public var printedMakers: PrintedMakers { PrintedMakers(table) }

    /// Whether no patch is in place: one atomic load. A printed maker runs
    /// only while this holds; otherwise its accessor asks the engine.
    @_spi(CompiledWiring)
    public var isUnpatched: Bool { patches.isEmpty }
}
