import Logging
import Synchronization
import SystemSupport

/// Builds object graphs from assemblies, one environment's configuration and
/// a registry.
///
/// Loading checks and compiles every definition into a plan once, in one
/// pass per environment: values are converted, references are indexes, and
/// problems are diagnostics with file:line, thrown together as a
/// ``DiagnosticReport``. Then eager singletons are built. Resolving walks the
/// plans only: no parsing, no conversion, no lookup by name but the key asked for.
///
/// - Scopes: `object-graph` (the default) shares an instance within one
///   top-level resolution; `prototype` makes one per reference; `singleton`
///   is built once, at load unless `lazy-init`; `weak-singleton` is shared
///   while someone holds it.
/// - A cycle through properties resolves: an instance is visible to the
///   components it builds as soon as its initializer returns. A cycle
///   through initializers is `initializer-cycle`.
/// - Any number of threads may resolve at once; a singleton is built exactly once.
/// - A factory may have a `parent`: what it does not define, it takes from
///   there, as Spring's parent contexts do.
///
/// `Factory.load(assemblies:config:environment:registry:)`
/// builds one from files in one call. An assembly set with any error is
/// never built: the initializer throws its diagnostics.
///
/// ```swift
/// let factory = try Factory.load(assemblies: ["Assemblies"], config: "Config", environment: "test", registry: registry)
/// let knight = try factory.component(forKey: "knight", as: Knight.self)
/// let quest = try factory.component(ofType: (any Quest).self)
/// try factory.shutdown()
/// ```
public final class Factory: Sendable {
    let table: PlanTable
    /// Every shared instance. A component that can suspend is kept at its
    /// index plus the number of plans, so that the synchronous lookup, which
    /// reads the store at the index alone, never hands one out.
    let store: InstanceStore
    let patches = PatchTable()
    /// Compiled wiring's printed makers, by plan index (``PrintedMakers``); empty when none is installed.
    /// The lookups by key and by handle run one instead of the component's programs while nothing is patched.
    private let printed: [(@Sendable () -> AnyObject)?]
    /// A creation lock for each group of components that can suspend
    /// (``CreationGroups``): a singleton of the group is built under it, by one resolution at a time.
    private let creationLocks: [AsyncLock]
    /// The last token handed to an async resolution, for the creation locks it takes.
    private let creationTokens = Atomic<Int>(0)
    /// The factory this one falls back to for keys and types it does not have.
    public let parent: Factory?
    /// How its load went, kept once the load has built its eager singletons.
    let startup = Locked<LoadTimeline?>(nil)
    /// Its services' states, as the lifecycle product runs them.
    package let serviceStates = ServiceStates()
    /// What its assemblies say of running components as services, for the lifecycle product.
    package var serviceTable: ServiceTable { table.services }
    /// Its services, in dependency order (see ``ServiceTable/entries(of:recognizedBy:)``), for the lifecycle product.
    package func services(recognizedBy isService: (Any.Type) -> Bool) -> [ServiceTable.Entry] {
        table.services.entries(of: table.plans, recognizedBy: isService)
    }
    /// What it was loaded from, for its inspection; nil for a factory made from plans alone.
    let loaded: LoadedConfiguration?
    /// Where shutdown failures go, at error level, besides being thrown.
    let logger: Logger?

    static func milliseconds(_ duration: Duration) -> String {
        duration.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))
    }

    /// The factory made of `blueprint`, with its infrastructure in place and,
    /// for a reload, the singletons `kept` from the graph it replaces (by
    /// slot, see ``InstanceStore/slots(of:planCount:)``); nothing else built.
    /// The one place a factory is made from a table: load, reload, the
    /// infrastructure phase and an environment build's dry run all come here.
    init(blueprint: FactoryBlueprint, parent: Factory?, logger: Logger? = nil, loaded: LoadedConfiguration? = nil,
         keeping kept: [Int: Any] = [:]) {
        let table = blueprint.table
        self.table = table
        self.loaded = loaded
        self.parent = parent
        self.logger = logger
        self.creationLocks = (0..<table.creationGroups.count).map { _ in AsyncLock() }
        self.store = InstanceStore(isWeak: table.plans.map { $0.scope == .weakSingleton })
        self.printed = blueprint.printed.isEmpty ? [] : table.plans.indices.map { blueprint.printed[$0] }
        var seeded: [Int: Any] = kept
        for (index, instance) in blueprint.seeded where kept[index] == nil { seeded[index] = instance }
        for (index, instance) in seeded.sorted(by: { $0.key < $1.key }) {
            store.keep(index, Instance(any: instance))
        }
    }

    /// The creation lock of the group of the component at `index`, which can suspend.
    func creationLock(of index: Int) -> AsyncLock {
        creationLocks[table.creationGroups.groupOf[index]]
    }

    /// A token for a new async resolution, which tells it apart from others at every creation lock.
    func newCreationToken() -> Int {
        creationTokens.add(1, ordering: .relaxed).newValue
    }

    /// The environment the factory was built for.
    public var environment: String? { table.environment }

    /// Every component's key, in definition order.
    public var keys: [String] { table.plans.map(\.key) }

    // MARK: Lookup

    /// The component with `key`. What goes wrong is thrown as a report of
    /// one diagnostic: `unknown-reference` for a key nothing defines,
    /// `build-failed` (with your code's error as its `underlyingError`) for a
    /// registered closure that threw.
    public func component(forKey key: String) throws(DiagnosticReport) -> Any {
        do {
            return try instance(forKey: key).taken()
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The component with `key`, as `type`; a component of another type is `type-mismatch`.
    @inlinable
    public func component<T>(forKey key: String, as type: T.Type = T.self) throws(DiagnosticReport) -> T {
        do {
            return try instance(forKey: key).take(as: T.self) { actual in mismatch(key: key, found: actual, wanted: "\(T.self)") }
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The component with `key`: a built singleton straight from the store,
    /// anything else resolved. The error and the resolution are out of line,
    /// so that reading a singleton is a short function.
    @usableFromInline
    func instance(forKey key: String) throws -> Instance {
        try instance(at: index(ofKey: key), key: key)
    }

    /// The component at `index`, found for `key` (by its key or a handle's
    /// index); nil when this factory does not define `key`.
    @usableFromInline
    func instance(at index: Int?, key: String) throws -> Instance {
        guard let index else { return try inheritedInstance(forKey: key) }
        if let shared = store.shared(index) { return shared }
        return try resolve(index)
    }

    /// The component with `key` (or the key an alias of this factory gives
    /// it) in the nearest parent factory that has it.
    @inline(never)
    func inheritedInstance(forKey name: String) throws -> Instance {
        guard let (factory, index) = ancestor(answering: name) else { throw unknownKey(name) }
        if let shared = factory.store.shared(index) { return shared }
        return try factory.resolve(index)
    }

    /// The nearest parent factory that has the component `name` (or the key
    /// an alias of this factory gives it), and its index there: what both
    /// lookups fall back to.
    func ancestor(answering name: String) -> (factory: Factory, index: Int)? {
        let key = table.parentAliases[name] ?? name
        var ancestor = parent
        while let factory = ancestor {
            if let index = factory.index(ofKey: key) { return (factory, index) }
            ancestor = factory.parent
        }
        return nil
    }

    /// The plan tables of this factory and its parents, nearest first: what
    /// a child factory's references, `depends-on` and autowiring may name.
    var tables: [PlanTable] {
        var tables: [PlanTable] = []
        var factory: Factory? = self
        while let current = factory {
            tables.append(current.table)
            factory = current.parent
        }
        return tables
    }

    /// Every key this factory and its parents answer, aliases included.
    private var visibleKeys: Set<String> {
        var keys = Set<String>()
        for table in tables { keys.formUnion(table.keys.byKey.keys) }
        return keys
    }

    /// This factory's own plans whose components are a `type`.
    func plans(accepting type: InjectableType) -> [ComponentPlan] {
        table.plans.filter { type.accepts($0.produces) }
    }

    /// The index of the component with `key`: the one way this factory looks a key up.
    @usableFromInline
    func index(ofKey key: String) -> Int? {
        table.keys.index(of: key)
    }

    @inline(never)
    func unknownKey(_ key: String) -> Diagnostic {
        Diagnostic(.unknownReference, "no component with key '\(key)'" + SpellingSuggestions.didYouMean(key, among: visibleKeys), at: nil)
    }

    /// The component at `index`, in a resolution of its own; one that can
    /// suspend is `requires-async` (and so is nothing it needs, so asking
    /// here, at the top, is enough).
    @inline(never)
    private func resolve(_ index: Int) throws -> Instance {
        if !printed.isEmpty, let make = printed[index], patches.isEmpty { return Instance(object: make()) }
        if !table.suspensions.isEmpty && table.suspensions.canSuspend(index) { throw requiresAsync(index) }
        var resolution = Resolution()
        return try instance(index, in: &resolution)
    }

    /// `requires-async`: the synchronous lookup of a component whose building can suspend.
    func requiresAsync(_ index: Int) -> Diagnostic {
        let plan = table.plans[index]
        let chain = table.suspensions.chain(index, plans: table.plans) ?? plan.key
        return Diagnostic(.requiresAsync,
                          "building '\(plan.key)' can suspend (\(chain)); look it up with "
                              + "'try await factory.async.component(forKey:)', or load with 'Factory.loadAsync'",
                          at: plan.location)
    }

    /// Where the shared instance of the plan at `index` is kept.
    func slot(_ index: Int) -> Int {
        table.suspensions.isEmpty || !table.suspensions.canSuspend(index) ? index : suspendingSlot(index)
    }

    /// Where the shared instance of a plan that can suspend is kept: a slot
    /// of its own, past the others, so that the synchronous lookup, which
    /// reads the first slots only, never hands it out.
    func suspendingSlot(_ index: Int) -> Int {
        store.suspendingSlot(index)
    }

    @usableFromInline
    func mismatch(key: String, found: Any.Type, wanted: String) -> Diagnostic {
        Diagnostic(.typeMismatch, "component '\(key)' is \(found), not \(wanted)",
                   at: index(ofKey: key).map { table.plans[$0].location })
    }

    /// The one component that is a `type`: its registered type, a subclass,
    /// or registered with `conformsTo:` it. None, or more than one, is an
    /// error that lists the candidates. With none here, the parent factory
    /// is asked.
    public func component<T>(ofType type: T.Type = T.self) throws(DiagnosticReport) -> T {
        try component(forKey: onlyKey(accepting: InjectableType(T.self)), as: T.self)
    }

    /// The key of the one component that is a `wanted`: here, or else in the
    /// nearest parent that has any. None, or more than one, is an error that lists the candidates.
    func onlyKey(accepting wanted: InjectableType) throws(DiagnosticReport) -> String {
        let candidates = plans(accepting: wanted)
        if candidates.isEmpty, let parent { return try parent.onlyKey(accepting: wanted) }
        guard candidates.count == 1, let only = candidates.first else {
            let notes = candidates.map { Diagnostic.Note("candidate '\($0.key)'", at: $0.location) }
            if candidates.isEmpty {
                throw DiagnosticReport([Diagnostic(.noComponentForType, "no component is \(wanted.identity.name)", at: nil)])
            }
            throw DiagnosticReport([Diagnostic(.ambiguousType,
                                               "\(candidates.count) components are \(wanted.identity.name): "
                                                   + candidates.map { "'\($0.key)'" }.joined(separator: ", ") + "; ask for one by key",
                                               at: nil, notes: notes)])
        }
        return only.key
    }

    /// Every component of this factory (not its parent's) that is a `type`, in definition order.
    public func components<T>(ofType type: T.Type = T.self) throws(DiagnosticReport) -> [T] {
        var components: [T] = []
        for plan in plans(accepting: InjectableType(T.self)) {
            components.append(try component(forKey: plan.key, as: T.self))
        }
        return components
    }

    // MARK: Lifecycle

    /// Runs the destroy callbacks of the singletons built so far, newest
    /// first, and stops handing them out; later lookups build them anew. The
    /// factory keeps its reference to them until it goes itself, since a
    /// lock-free lookup on another thread may be reading one. Every callback
    /// runs even when one throws; the failures are thrown together after.
    public func shutdown() throws(DiagnosticReport) {
        var failures: [Diagnostic] = []
        for (slot, instance) in store.drain() {
            let plan = table.plans[store.plan(ofSlot: slot)]
            guard let destroy = plan.destroyMethod else { continue }
            let failure = destroy.isAsync
                ? Diagnostic(.requiresAsync, "destroy method '\(destroy.name)' of component '\(plan.key)' is async: "
                                 + "shut down with 'await factory.async.shutdown()'", at: plan.location)
                : runDestroy(instance, of: plan)
            if let failure { failures.append(destroyFailed(failure, of: plan)) }
        }
        if !failures.isEmpty { throw DiagnosticReport(failures) }
    }

    /// Logs a destroy method's failure at shutdown, at error level.
    func log(_ failure: Diagnostic, component key: String) {
        logger?.error("ComponentFactory: a destroy method failed at shutdown", metadata: [
            "component": .string(key), "diagnostic": .string(failure.description),
        ])
    }

    // MARK: Patching

    /// Makes the component `key` with `make` from now on, in the
    /// definition's own scope: a prototype calls it for every reference, a
    /// singleton once. A singleton already built is set aside, and comes back
    /// when the patch is removed. Components built before the patch keep
    /// what they were given. Returns the patch's id, for ``unpatch(_:)``.
    @_spi(Patching)
    public func patch(key: String, _ make: @escaping @Sendable () throws -> Any) throws(DiagnosticReport) -> Int {
        guard let index = index(ofKey: key) else {
            throw DiagnosticReport([Diagnostic(.unknownReference, "cannot patch '\(key)': no component with that key"
                                                   + SpellingSuggestions.didYouMean(key, among: table.keys.byKey.keys), at: nil)])
        }
        return store.creating {
            let displaced = isShared(index) ? store.replace(slot(index), with: nil) : nil
            return patches.push(index, make: make, displacing: displaced)
        }
    }

    /// Removes the patch `id`: the component is made as before it (by the
    /// patch under it, or by its definition), and a singleton it displaced is back.
    @_spi(Patching)
    public func unpatch(_ id: Int) {
        store.creating {
            if case .restoreSlot(let index, let instance) = patches.remove(id), isShared(index) {
                _ = store.replace(slot(index), with: instance)
            }
        }
    }

    private func isShared(_ index: Int) -> Bool {
        table.plans[index].scope == .singleton || table.plans[index].scope == .weakSingleton
    }

    /// The singletons built at load: those that are not `lazy-init`.
    var eagerSingletons: [ComponentPlan] {
        table.plans.filter { $0.scope == .singleton && !$0.isLazy }
    }

    /// Builds every singleton that is not `lazy-init` and not built yet, in
    /// definition order (and `depends-on` first). One whose building can
    /// suspend is refused, each at its definition: the async load builds those.
    /// Gives when each construction it made began and ended.
    @discardableResult
    func buildEagerSingletons() throws(DiagnosticReport) -> [LoadTimeline.Construction] {
        if !table.suspensions.isEmpty {
            let suspending = eagerSingletons.filter { table.suspensions.canSuspend($0.index) }
            if !suspending.isEmpty {
                throw DiagnosticReport(suspending.map { plan in
                    var diagnostic = requiresAsync(plan.index)
                    diagnostic.message = "eager singleton '\(plan.key)' can suspend while it is built "
                        + "(\(table.suspensions.chain(plan.index, plans: table.plans) ?? plan.key)); load with "
                        + "'try await Factory.loadAsync', or make it lazy-init"
                    return diagnostic
                })
            }
        }
        return try buildEagerSingletonsWithoutSuspending()
    }

    /// Builds every singleton that is not `lazy-init`, not built yet, and
    /// cannot suspend, in definition order (and `depends-on` first). Gives
    /// when each construction it made began and ended.
    func buildEagerSingletonsWithoutSuspending() throws(DiagnosticReport) -> [LoadTimeline.Construction] {
        var constructions: [LoadTimeline.Construction] = []
        for plan in eagerSingletons where store.shared(plan.index) == nil && !table.suspensions.canSuspend(plan.index) {
            var resolution = Resolution()
            let began = ContinuousClock().now
            do {
                _ = try instance(plan.index, in: &resolution)
            } catch {
                throw DiagnosticReport(describing: error, at: plan.location)
            }
            constructions.append(LoadTimeline.Construction(of: plan, since: began))
        }
        return constructions
    }

    // MARK: Building

    /// The instance of the component at `index`: by its program when it is straight-through, else on frames.
    func instance(_ index: Int, in resolution: inout Resolution) throws -> Instance {
        // A straight-through component asked for by key or handle is built by its program, as an argument slot builds it.
        if let program = table.programs.program(index) { return try instance(running: program, in: &resolution) }
        return try instanceOnFrames(index, in: &resolution)
    }

    /// How deeply components may be built one inside another (through
    /// arguments, properties, collections or `depends-on`) in one resolution.
    /// The frames keep their levels on a stack of their own, for both
    /// lookups, but a program that falls back to them
    /// nests a call for each, a few kilobytes of the calling thread's
    /// stack: a chain of thousands would overflow it. Real graphs nest a few levels.
    public static let maximumNesting = 128

    /// `build-failed`: `plan` would nest components deeper than ``maximumNesting``.
    func tooDeep(_ plan: ComponentPlan) -> Diagnostic {
        Diagnostic(.buildFailed,
                   "building '\(plan.key)' nests components more than \(Self.maximumNesting) deep; "
                       + "a chain that long is likely a mistake, and would overflow the thread's stack",
                   at: plan.location)
    }

    /// `initializer-cycle`: `plan` is needed again while `constructing` (outermost first) are inside their initializers.
    func initializerCycle(closedBy plan: ComponentPlan, within constructing: [Int]) -> Diagnostic {
        let path = (constructing + [plan.index]).map { table.plans[$0].key }
        return Diagnostic(.initializerCycle,
                          "initializer cycle: \(path.joined(separator: " → ")); break it with property injection on one of them",
                          at: plan.location,
                          notes: constructing.map { Diagnostic.Note("'\(table.plans[$0].key)' is defined here", at: table.plans[$0].location) })
    }

    /// `build-failed`: a build of `plan` ended with no instance, which no input can bring about.
    func notMade(_ plan: ComponentPlan) -> Diagnostic {
        Diagnostic(.buildFailed, "component '\(plan.key)' was not made", at: plan.location)
    }

    /// Runs registered code for `plan`, turning what it throws into a
    /// `build-failed` diagnostic that names the component and the path to it.
    func invoke<Result>(_ plan: ComponentPlan, _ resolution: borrowing Resolution, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw failure(error, building: plan, within: resolution.constructing)
        }
    }

    /// What registered code for `plan` threw, as a `build-failed`
    /// diagnostic with the path of components being built; the factory's own
    /// errors, and a failure already made so deeper down, as they are.
    func failure(_ error: any Error, building plan: ComponentPlan, within constructing: [Int]) -> any Error {
        if error is Diagnostic { return error }
        let path = (constructing.map { table.plans[$0].key } + [plan.key]).reduce(into: [String]()) { path, key in
            if path.last != key { path.append(key) }
        }
        return Self.buildFailure(error, key: plan.key, location: plan.location, path: path)
    }

    /// `building 'knight' (knight → quest) failed: …`, at the component that failed, with what its code threw.
    static func buildFailure(_ error: any Error, key: String, location: SourceLocation, path: [String]) -> Diagnostic {
        Diagnostic(.buildFailed, "building '\(key)' (\(path.joined(separator: " → "))) failed: \(Diagnostic.reason(of: error))",
                   at: location, underlyingError: error)
    }
}
