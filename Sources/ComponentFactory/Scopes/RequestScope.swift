/// A short-lived child of a built factory, one per request: its `request`
/// components are built once in it, and released, their destroy methods
/// run, when it closes. Opening one compiles nothing and builds nothing: it
/// is one small object holding the factory, the values it is seeded with
/// (the request, the caller, a trace id), which `seeded="yes"` components
/// stand for in the assembly, and the request components built in it.
/// Copies of a `RequestScope` are the same scope.
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
/// component is built once, under the scope's lock.
public struct RequestScope: @unchecked Sendable {
    // @unchecked: no figure; its storage hands request components to any task in the scope, each built once under the storage's lock.
    /// The entries and their lock, and the factory, in one object. A
    /// variable, so that ``end()`` can tell whether anything else still
    /// holds it; never replaced. Its entries are reached under its lock
    /// only, which is what makes the scope `Sendable`.
    @usableFromInline var storage: ScopeStorage

    /// The factory the scope is a child of.
    public var factory: Factory { storage.factory }

    /// A scope over `factory`, which it holds.
    @usableFromInline
    init(over factory: Factory) {
        storage = ScopeStorage.open(over: factory)
    }

    /// Adds the value `seed` carries, before the scope is handed out;
    /// what is wrong with it goes in `problems`. `factory` is the scope's own.
    @usableFromInline
    func seed(_ seed: consuming ScopeSeed, of factory: Factory, problems: inout [Diagnostic]) {
        guard let index = factory.seededIndex(seed.key, at: factory.index(of: seed), problems: &problems) else { return }
        storage.seed(index, (consume seed).instance())
    }

    // MARK: Lookup

    /// The component with `key`, resolved in this scope, awaiting each step
    /// that can suspend, as ``AsyncFactory/component(forKey:as:)`` does; a
    /// component that cannot suspend is built inline, with no suspension.
    /// What goes wrong is thrown as the factory's lookups throw it, and a
    /// request component asked of a closed scope is `build-failed`.
    @inlinable
    nonisolated(nonsending) public func component<T>(forKey key: String, as type: T.Type = T.self) async throws(DiagnosticReport) -> T {
        try await component(at: index(ofKey: key), key: key, as: T.self)
    }

    /// The component `handle` names, resolved in this scope as
    /// ``component(forKey:as:)`` resolves it, with no lookup of its key.
    @inlinable
    nonisolated(nonsending) public func component<T>(_ handle: ComponentHandle<T>) async throws(DiagnosticReport) -> T {
        try await component(at: index(of: handle), key: handle.key, as: T.self)
    }

    /// The component at `index`, found for `key` (nil when the factory does
    /// not define it), as `type`: one whose graph cannot suspend is given
    /// with no async call.
    @inlinable
    nonisolated(nonsending) func component<T>(at index: Int?, key: String, as type: T.Type) async throws(DiagnosticReport) -> T {
        if let ready = try componentWithoutSuspending(at: index, key: key, as: T.self) { return ready }
        return try await componentSuspending(at: index, key: key, as: T.self)
    }

    /// The component at `index`, found for `key` (nil when the factory does
    /// not define it), as `type`, when building it cannot suspend; nil when
    /// it can. Synchronous, so that a lookup, which inlines it and calls the
    /// suspending path only when this gives nil, allocates no async frame and
    /// hops to no executor when nothing suspends.
    @inlinable
    func componentWithoutSuspending<T>(at index: Int?, key: String, as type: T.Type) throws(DiagnosticReport) -> T? {
        do {
            guard let instance = try instanceWithoutSuspending(at: index) else { return nil }
            return try instance.take(as: T.self) { actual in mismatch(key: key, found: actual, wanted: "\(T.self)") }
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The component at `index`, found for `key`, as `type`, built by the path that can suspend.
    @inlinable
    nonisolated(nonsending) func componentSuspending<T>(at index: Int?, key: String, as type: T.Type) async throws(DiagnosticReport) -> T {
        do {
            let instance = try await instanceAsync(at: index, key: key)
            return try instance.take(as: T.self) { actual in mismatch(key: key, found: actual, wanted: "\(T.self)") }
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
        return try storage.withFactory { factory in
            let suspensions = factory.table.suspensions
            guard suspensions.isEmpty || !suspensions.canSuspend(index) else { return nil }
            return try storage.instanceLocked(index, of: factory)
        }
    }

    /// The index of the component with `key`, as the scope's factory finds it.
    @usableFromInline
    func index(ofKey key: String) -> Int? {
        storage.withFactory { $0.index(ofKey: key) }
    }

    /// The index `handle` stands for in the scope's factory.
    @inlinable
    func index<T>(of handle: ComponentHandle<T>) -> Int? {
        storage.withFactory { $0.index(of: handle) }
    }

    /// `type-mismatch`: the component with `key` is `found`, not `wanted`.
    @usableFromInline
    func mismatch(key: String, found: Any.Type, wanted: String) -> Diagnostic {
        storage.withFactory { $0.mismatch(key: key, found: found, wanted: wanted) }
    }

    /// The component at `index`, found for `key`, built in this scope by the async path.
    @usableFromInline
    nonisolated(nonsending) func instanceAsync(at index: Int?, key: String) async throws -> Instance {
        guard let index else { return try await factory.instanceAsync(at: nil, key: key) }
        var resolution = Factory.AsyncResolution()
        resolution.sync.scope = storage
        return try await factory.instanceAsync(index, in: &resolution)
    }

    // MARK: Closing

    /// Ends the scope: its request components' destroy methods run, newest
    /// first, each in its own isolation, and the scope lets them go. They run
    /// in the caller's task, as the request's own code would: the request's
    /// bound (a server's request timeout) bounds them too, with no task made
    /// to watch each. Every one runs even when another fails; the failures
    /// are thrown together after. A closed scope builds nothing more; closing
    /// it again does nothing.
    /// Inlinable, so that closing a scope with nothing to destroy lets its
    /// instances go with no suspension.
    @inlinable
    nonisolated(nonsending) public func close() async throws(DiagnosticReport) {
        guard storage.closingRunsDestroyMethods else {
            storage.discard()
            return
        }
        try await closeRunningDestroyMethods()
    }

    /// ``close()`` when a request component has a destroy method.
    @usableFromInline
    nonisolated(nonsending) func closeRunningDestroyMethods() async throws(DiagnosticReport) {
        guard storage.close() else { return }
        var failures: [Diagnostic] = []
        while let entry = storage.popBuilt() {
            if let failure = await destroy(entry) { failures.append(failure) }
        }
        if !failures.isEmpty { throw DiagnosticReport(failures) }
    }

    /// Runs the destroy method of `entry`'s component, as
    /// ``AsyncFactory/destroy(_:of:timeout:)`` does with no timeout: nil
    /// when it finished, else the failure, logged. The factory and the plan
    /// are lent, and only an async method's closure is copied.
    nonisolated(nonsending) private func destroy(_ entry: ScopeEntry) async -> Diagnostic? {
        let index = entry.index
        let runAsync = storage.withFactory { $0.withPlan(index) { $0.destroyMethod?.runAsync } }
        let failure: (any Error)?
        if let runAsync {
            do {
                try await runAsync(entry.instance)()
                failure = nil
            } catch {
                failure = error
            }
        } else {
            failure = storage.withFactory { factory in factory.withPlan(index) { factory.runDestroy(entry.instance, of: $0) } }
        }
        guard let failure else { return nil }
        return storage.withFactory { factory in factory.withPlan(index) { factory.destroyFailed(failure, of: $0) } }
    }

    /// Closes the scope at the end of ``run(_:)``, as ``close()`` does. When
    /// no request component has a destroy method and nothing else holds the
    /// scope (`body` kept no copy), nothing can build in it again or see it
    /// closed: letting it go here releases its instances, with no lock taken.
    @inlinable
    nonisolated(nonsending) mutating func end() async throws(DiagnosticReport) {
        if isKnownUniquelyReferenced(&storage), !storage.closingRunsDestroyMethods { return }
        try await close()
    }

    /// Runs `body` in the scope, then closes it, whether `body` returned or
    /// threw: what ``Factory/withScope(seeding:_:)-(_,_)`` does once the
    /// scope is open. A failure to close is thrown after `body`'s own result.
    /// Inlinable, so that it is compiled for the caller's `Result`, not called as the generic copy.
    @inlinable
    nonisolated(nonsending) consuming func run<Result>(
        _ body: nonisolated(nonsending) (RequestScope) async throws -> Result
    ) async throws -> Result {
        let result: Result
        do {
            result = try await body(self)
        } catch {
            try await end()
            throw error
        }
        try await end()
        return result
    }
}
