import SystemSupport

/// A short-lived child of a built factory, one per request: its `request`
/// components are built once in it, and released, their destroy methods
/// run, when it closes. Opening one compiles nothing and builds nothing: it
/// is one small object holding the factory, the values it is seeded with
/// (the request, the caller, a trace id), which `seeded="yes"` components
/// stand for in the assembly, and the request components built in it.
///
/// Everything else comes from the factory as usual: singletons are shared,
/// and prototype and object-graph components that need a request component
/// are built with this scope's.
///
/// ```swift
/// try await factory.withScope(seeding: ["caller": caller, "traceID": traceID]) { scope in
///     let handler = try await scope.component(forKey: "orderHandler", as: OrderHandler.self)
///     try await handler.handle(request)
/// }
/// ```
///
/// Any number of tasks may resolve in one scope at once: each request
/// component is built once, under the scope's lock. The lock is not
/// recursive: the resolution that takes it notes so
/// (`Resolution.holdsScopeLock`), and the request components it builds on
/// the way come back here on the same thread without taking it again. A
/// singleton never needs a request component (that is `scope-widening`), so
/// a thread that holds a singleton's creation lock never waits for a scope's.
/// The entries are read and written under the lock only, which is what makes
/// the scope `Sendable`; the exclusivity checks Swift would add to each
/// access are left out for that reason.
public final class RequestScope: @unchecked Sendable {
    /// The factory the scope is a child of.
    public let factory: Factory
    private let lock = Locked(())
    @exclusivity(unchecked) private var entries = ScopeEntries()
    /// Request components whose building can suspend are built one
    /// resolution at a time; nil when the factory has none that can.
    let asyncCreation: AsyncCreationLock?
    /// Whether closing runs destroy methods, which can suspend; if not, it lets the instances go.
    @usableFromInline let closingRunsDestroyMethods: Bool

    init(factory: Factory) {
        self.factory = factory
        // The factory holds its table for its life: read it with no retain.
        let (canSuspend, hasDestroyMethods) = Unmanaged.passUnretained(factory.table)._withUnsafeGuaranteedRef {
            ($0.requestComponentsCanSuspend, $0.requestComponentsHaveDestroyMethods)
        }
        self.asyncCreation = canSuspend ? AsyncCreationLock() : nil
        self.closingRunsDestroyMethods = hasDestroyMethods
    }

    /// Adds a value the scope is seeded with, before it is handed out.
    func seed(_ index: Int, _ instance: Instance) {
        entries.seed(index, instance)
    }

    // MARK: Lookup

    /// The component with `key`, resolved in this scope, awaiting each step
    /// that can suspend, as ``AsyncFactory/component(forKey:as:)`` does; a
    /// component that cannot suspend is built inline, with no suspension.
    /// What goes wrong is thrown as the factory's lookups throw it, and a
    /// request component asked of a closed scope is `build-failed`.
    @inlinable
    nonisolated(nonsending) public func component<T>(forKey key: String, as type: T.Type = T.self) async throws(DiagnosticReport) -> T {
        try await component(at: factory.index(ofKey: key), key: key, as: T.self)
    }

    /// The component `handle` names, resolved in this scope as
    /// ``component(forKey:as:)`` resolves it, with no lookup of its key.
    @inlinable
    nonisolated(nonsending) public func component<T>(_ handle: ComponentHandle<T>) async throws(DiagnosticReport) -> T {
        try await component(at: factory.index(of: handle), key: handle.key, as: T.self)
    }

    /// The component at `index`, found for `key` (nil when the factory does not define it), as `type`.
    @inlinable
    nonisolated(nonsending) func component<T>(at index: Int?, key: String, as type: T.Type) async throws(DiagnosticReport) -> T {
        let factory = self.factory
        do {
            let instance: Instance
            if let ready = try instanceWithoutSuspending(at: index) {
                instance = ready
            } else {
                instance = try await instanceAsync(at: index, key: key)
            }
            return try instance.take(as: T.self) { actual in factory.mismatch(key: key, found: actual, wanted: "\(T.self)") }
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The component at `index` when building it cannot suspend, built in
    /// this scope, under the scope's lock; nil when it can, or when a parent
    /// factory defines it.
    @usableFromInline
    func instanceWithoutSuspending(at index: Int?) throws -> Instance? {
        guard let index else { return nil }
        let suspensions = factory.table.suspensions
        guard suspensions.isEmpty || !suspensions.canSuspend(index) else { return nil }
        var resolution = Resolution()
        resolution.scope = Unmanaged.passUnretained(self)
        // The whole resolution holds the lock: one lock taken per lookup, however many request components it builds.
        resolution.holdsScopeLock = true
        return try lock.withLock { _ in try factory.instance(index, in: &resolution) }
    }

    /// The component at `index`, found for `key`, built in this scope by the async path.
    @usableFromInline
    nonisolated(nonsending) func instanceAsync(at index: Int?, key: String) async throws -> Instance {
        guard let index else { return try await factory.instanceAsync(at: nil, key: key).instance }
        var resolution = Factory.AsyncResolution()
        resolution.sync.scope = Unmanaged.passUnretained(self)
        return try await factory.instanceAsync(index, in: &resolution)
    }

    // MARK: Building

    /// The request component of `plan`, built the first time by
    /// `resolution`, a synchronous one: under the lock, which the resolution
    /// takes here unless it holds it already, and keeps while it builds
    /// what the component needs.
    func instance(_ plan: ComponentPlan, in resolution: inout Resolution) throws -> Instance {
        if resolution.holdsScopeLock { return try instanceLocked(plan, in: &resolution) }
        return try lock.withLock { _ in
            resolution.holdsScopeLock = true
            defer { resolution.holdsScopeLock = false }
            return try instanceLocked(plan, in: &resolution)
        }
    }

    private func instanceLocked(_ plan: ComponentPlan, in resolution: inout Resolution) throws -> Instance {
        if let kept = entries.find(plan.index) { return kept }
        guard !entries.isClosed else { throw closed() }
        let made = try factory.build(plan, in: &resolution)
        // Made already on the way, through a property cycle: that one is kept.
        if let kept = entries.find(plan.index) { return kept }
        entries.append(plan.index, made)
        return made
    }

    /// The instance of the request component at `index`, if the scope has one: for the async path.
    func existing(_ index: Int) -> Instance? {
        lock.withLock { _ in entries.find(index) }
    }

    /// Keeps `instance`, which the async path built, unless the scope has one already: the one kept.
    func keep(_ index: Int, _ instance: Instance) throws -> Instance {
        try lock.withLock { _ in
            if let kept = entries.find(index) { return kept }
            guard !entries.isClosed else { throw closed() }
            entries.append(index, instance)
            return instance
        }
    }

    private func closed() -> Diagnostic {
        Diagnostic(.buildFailed, "this request scope is closed; open a new one", at: nil)
    }

    // MARK: Closing

    /// Ends the scope: its request components' destroy methods run, newest
    /// first, each in its own isolation, and the scope lets them go. They run
    /// in the caller's task, as the request's own code would: the request's
    /// bound (a server's request timeout) bounds them too, with no task made
    /// to watch each. Every one runs even when another fails; the failures
    /// are thrown together after. A closed scope builds nothing more; closing
    /// it again does nothing.
    /// Inlinable, so that closing a scope with nothing to destroy (what
    /// ``Factory/withScope(seeding:_:)-([String:Sendable],_)`` does at each
    /// request's end) lets its instances go with no suspension.
    @inlinable
    nonisolated(nonsending) public func close() async throws(DiagnosticReport) {
        guard closingRunsDestroyMethods else {
            discard()
            return
        }
        try await closeRunningDestroyMethods()
    }

    /// ``close()`` when a request component has a destroy method.
    @usableFromInline
    nonisolated(nonsending) func closeRunningDestroyMethods() async throws(DiagnosticReport) {
        let closing = lock.withLock { _ in entries.close() }
        var failures: [Diagnostic] = []
        for entry in closing {
            if let failure = await factory.async.destroy(entry.instance, of: factory.table.plans[entry.index], timeout: nil) {
                failures.append(failure)
            }
        }
        if !failures.isEmpty { throw DiagnosticReport(failures) }
    }

    /// Closes the scope when no request component has a destroy method: what
    /// ``close()`` does then, with no suspension.
    @usableFromInline
    func discard() {
        lock.withLock { _ in entries.discard() }
    }

    /// Runs `body` in the scope, then closes it, whether `body` returned or
    /// threw: what ``Factory/withScope(seeding:_:)-(_,_)`` does once the
    /// scope is open. A failure to close is thrown after `body`'s own result.
    @inlinable
    nonisolated(nonsending) func run<Result>(_ body: (RequestScope) async throws -> Result) async throws -> Result {
        let result: Result
        do {
            result = try await body(self)
        } catch {
            try await close()
            throw error
        }
        try await close()
        return result
    }
}
