import Foundation

/// A short-lived child of a built factory, one per request: its `request`
/// components are built once in it, and released, their destroy methods
/// run, when it closes. Opening one compiles nothing and builds nothing: it
/// is the factory's plan table, an empty store, and the values it is seeded
/// with (the request, the caller, a trace id), which `seeded="yes"`
/// components stand for in the assembly.
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
public final class RequestScope: Sendable {
    /// The factory the scope is a child of.
    public let factory: Factory
    let store: ScopeStore
    /// Request components whose building can suspend are built one
    /// resolution at a time; nil when the factory has none that can.
    let asyncCreation: AsyncCreationLock?

    init(factory: Factory, store: ScopeStore) {
        self.factory = factory
        self.store = store
        self.asyncCreation = factory.table.requestComponentsCanSuspend ? AsyncCreationLock() : nil
    }

    /// The component with `key`, resolved in this scope, awaiting each step
    /// that can suspend, as ``AsyncFactory/component(forKey:as:)`` does; a
    /// component that cannot suspend is built inline, with no suspension.
    /// What goes wrong is thrown as the factory's lookups throw it, and a
    /// request component asked of a closed scope is `build-failed`.
    @inlinable
    nonisolated(nonsending) public func component<T>(forKey key: String, as type: T.Type = T.self) async throws(DiagnosticReport) -> T {
        let factory = self.factory
        do {
            let instance: Instance
            if let ready = try instanceWithoutSuspending(forKey: key) {
                instance = ready
            } else {
                instance = try await instanceAsync(forKey: key)
            }
            return try instance.take(as: T.self) { actual in factory.mismatch(key: key, found: actual, wanted: "\(T.self)") }
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The component with `key` when building it cannot suspend, built in
    /// this scope; nil when it can, or when a parent factory defines it.
    @usableFromInline
    func instanceWithoutSuspending(forKey key: String) throws -> Instance? {
        guard let index = factory.index(ofKey: key) else { return nil }
        let table = factory.table
        guard table.suspensions.isEmpty || !table.suspensions.canSuspend(index) else { return nil }
        var resolution = Resolution()
        resolution.scope = self
        return try factory.instance(index, in: &resolution)
    }

    /// The component with `key`, built in this scope by the async path.
    @usableFromInline
    nonisolated(nonsending) func instanceAsync(forKey key: String) async throws -> Instance {
        guard let index = factory.index(ofKey: key) else { return try await factory.instanceAsync(forKey: key).instance }
        var resolution = Factory.AsyncResolution()
        resolution.sync.scope = self
        return try await factory.instanceAsync(index, in: &resolution)
    }

    /// Ends the scope: its request components' destroy methods run, newest
    /// first, each in its own isolation, and the scope lets them go. They run
    /// in the caller's task, as the request's own code would: the request's
    /// bound (a server's request timeout) bounds them too, with no task made
    /// to watch each. Every one runs even when another fails; the failures
    /// are thrown together after. A closed scope builds nothing more; closing
    /// it again does nothing.
    nonisolated(nonsending) public func close() async throws(DiagnosticReport) {
        guard factory.table.requestComponentsHaveDestroyMethods else {
            store.discard()
            return
        }
        var failures: [Diagnostic] = []
        for (index, instance) in store.close() {
            if let failure = await factory.async.destroy(instance, of: factory.table.plans[index], timeout: nil) {
                failures.append(failure)
            }
        }
        if !failures.isEmpty { throw DiagnosticReport(failures) }
    }
}

extension Factory {
    /// A new request scope over this factory, with `values` for its
    /// `seeded="yes"` components, by key. A key that names no such component
    /// is `unknown-reference`; one that a component of the scope needs and
    /// `values` lacks is `build-failed` when that component is resolved.
    public func openScope(seeding values: [String: any Sendable] = [:]) throws(DiagnosticReport) -> RequestScope {
        let store = ScopeStore()
        var problems: [Diagnostic] = []
        for (key, value) in values {
            guard let index = index(ofKey: key), table.isSeeded[index] else {
                let candidates = table.plans.filter { table.isSeeded[$0.index] }.map(\.key)
                problems.append(Diagnostic(.unknownReference, "no seeded request component '\(key)' to seed"
                                               + SpellingSuggestions.didYouMean(key, among: candidates), at: nil))
                continue
            }
            // Opened to its own type: a class instance is then kept as itself, with no box and no cast later.
            func instance<Value>(_ value: Value) -> Instance { Instance(value) }
            store.seed(index, _openExistential(value, do: instance))
        }
        if !problems.isEmpty { throw DiagnosticReport(problems) }
        return RequestScope(factory: self, store: store)
    }

    /// Runs `body` in a new request scope seeded with `values`, and closes
    /// the scope when `body` returns or throws: what a server's middleware
    /// does around each request. A failure to close is thrown after `body`'s own result.
    nonisolated(nonsending) public func withScope<Result>(
        seeding values: [String: any Sendable] = [:], _ body: (RequestScope) async throws -> Result
    ) async throws -> Result {
        let scope = try openScope(seeding: values)
        let result: Swift.Result<Result, any Error>
        do {
            result = .success(try await body(scope))
        } catch {
            result = .failure(error)
        }
        if table.requestComponentsHaveDestroyMethods {
            try await scope.close()
        } else {
            scope.store.discard()  // what close does then, with no suspension
        }
        return try result.get()
    }

    /// `build-failed`: a request component asked for outside any scope.
    func outsideScope(_ plan: ComponentPlan) -> Diagnostic {
        Diagnostic(.buildFailed, "component '\(plan.key)' is request-scoped: resolve it in a scope, "
                       + "factory.openScope(seeding:) or factory.withScope(seeding:_:)", at: plan.location)
    }
}
