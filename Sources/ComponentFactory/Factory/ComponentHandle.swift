/// A component's key, checked once against a factory's plans for the Swift
/// type it is asked as: resolving through it looks nothing up by name.
///
/// Make one where the app starts, with ``Factory/handle(forKey:as:)``, and
/// resolve it as often as needed with ``Factory/component(_:)``,
/// ``AsyncFactory/component(_:)`` or ``RequestScope/component(_:)``. Making
/// it finds the key's index and checks that the component fits `Component`
/// (its registered type, a subclass, or registered with `conformsTo:` it);
/// resolving it reads the plan at that index, and gives exactly what
/// resolving the key would.
///
/// A handle works with every factory built from the same assemblies: each
/// generation of a ``LiveFactory``, or a factory loaded again. One used
/// with a factory whose plan at its index has another key (other
/// assemblies) falls back to looking its key up, and fails as that lookup
/// would.
///
/// ```swift
/// let handler = try factory.handle(forKey: "orderHandler", as: OrderHandler.self)
/// // per request
/// try await factory.withScope(seeding: ["caller": caller]) { scope in
///     try await scope.component(handler).handle(request)
/// }
/// ```
public struct ComponentHandle<Component>: Sendable, Hashable, CustomStringConvertible {
    /// The key it stands for.
    public let key: String
    /// The component's index in the plans it was made from; -1 for a key a parent factory answers.
    @usableFromInline let index: Int

    init(key: String, index: Int) {
        self.key = key
        self.index = index
    }

    public var description: String { "ComponentHandle<\(Component.self)>(\(key))" }
}

extension Factory {
    /// A handle to the component with `key`, as `type`: `unknown-reference`
    /// when neither this factory nor a parent defines `key`, and
    /// `type-mismatch` when the component is not a `type` (neither its
    /// registered type, a subclass, nor registered with `conformsTo:` it).
    public func handle<T>(forKey key: String, as type: T.Type = T.self) throws(DiagnosticReport) -> ComponentHandle<T> {
        let wanted = InjectableType(T.self)
        let plan: ComponentPlan
        let position: Int
        if let own = index(ofKey: key) {
            (plan, position) = (table.plans[own], own)
        } else if let (factory, found) = ancestor(answering: key) {
            (plan, position) = (factory.table.plans[found], -1)
        } else {
            throw DiagnosticReport([unknownKey(key)])
        }
        guard wanted.accepts(plan.produces) else {
            throw DiagnosticReport([Diagnostic(
                .typeMismatch, "component '\(key)' is \(plan.produces), not \(T.self)", at: plan.location,
                notes: [Diagnostic.Note("a component fits when its registered type is \(wanted.identity.name), a subclass of it, "
                                            + "or is registered with conformsTo: [\(wanted.identity.name)]")])])
        }
        return ComponentHandle(key: key, index: position)
    }

    /// A handle, as ``handle(forKey:as:)`` makes one, that the synchronous
    /// lookup can resolve: also `requires-async`, with its chain, when
    /// building the component can suspend. What generated typed keys make
    /// for each key they give a synchronous accessor, so that a key that
    /// suspends after all fails once, when the keys are made.
    public func synchronousHandle<T>(forKey key: String, as type: T.Type = T.self) throws(DiagnosticReport) -> ComponentHandle<T> {
        let handle = try handle(forKey: key, as: type)
        if let own = index(ofKey: key), !table.suspensions.isEmpty, table.suspensions.canSuspend(own) {
            throw DiagnosticReport([typedKeySuspends(own)])
        } else if index(ofKey: key) == nil, let (factory, found) = ancestor(answering: key),
                  !factory.table.suspensions.isEmpty, factory.table.suspensions.canSuspend(found) {
            throw DiagnosticReport([factory.typedKeySuspends(found)])
        }
        return handle
    }

    /// `requires-async` for a typed key given a synchronous accessor: the
    /// build that generated it did not know the component suspends, so the
    /// fix is in `component-factory.json`, not in how the app loads. Names
    /// the registered class whose own building suspends, to list in
    /// `typedKeys.suspending`.
    func typedKeySuspends(_ index: Int) -> Diagnostic {
        let plan = table.plans[index]
        let chain = table.suspensions.chain(index, plans: table.plans) ?? plan.key
        let origin = table.suspensions.origin(index).map { table.plans[$0] }
        let listed = origin.flatMap { $0.ownSuspension == nil ? nil : $0.produces.identity.name }
        let fix = listed.map { "add \"\($0)\" to \"typedKeys\": {\"suspending\": [...]} in component-factory.json" }
            ?? "list the registered class that suspends in \"typedKeys\": {\"suspending\": [...]} in component-factory.json"
        return Diagnostic(.requiresAsync,
                          "building '\(plan.key)' can suspend (\(chain)), but its typed key has a synchronous accessor: \(fix), "
                              + "and the build gives the key only its async accessor",
                          at: plan.location)
    }

    /// The component `handle` names, as ``component(forKey:as:)`` gives it, with no lookup of its key.
    @inlinable
    public func component<T>(_ handle: ComponentHandle<T>) throws(DiagnosticReport) -> T {
        do {
            return try instance(at: index(of: handle), key: handle.key).take(as: T.self) { actual in
                mismatch(key: handle.key, found: actual, wanted: "\(T.self)")
            }
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The index `handle` stands for in this factory: its own when the plan
    /// there has its key (a factory of the same assemblies), else its key's,
    /// looked up; nil when this factory does not define the key.
    @inlinable
    func index<T>(of handle: ComponentHandle<T>) -> Int? {
        index(ofKey: handle.key, madeAt: handle.index)
    }

    /// The index of `key`, whose handle was made at `position`: not
    /// generic, so that no caller calls an unspecialized copy.
    @usableFromInline
    func index(ofKey key: String, madeAt position: Int) -> Int? {
        if position >= 0, position < table.plans.count, withPlan(position, { $0.key == key }) {
            return position
        }
        return index(ofKey: key)
    }
}
