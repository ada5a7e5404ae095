/// The async lookups and shutdown of a ``Factory``: they build anything,
/// including components whose construction can suspend (an `async`
/// initializer, a `@MainActor` view model, an `actor`, or anything that
/// needs one of them).
///
/// Each step runs in its own isolation, and the lookup hops only where a
/// step's isolation differs from where it is: asked on the main actor, it
/// builds a main-actor view model there, and awaits an actor's `async init`
/// where that runs. A singleton is built once however many tasks ask for it
/// at once. Nothing blocks a thread while it waits.
///
/// For a component that cannot suspend, the async lookup does exactly what
/// ``Factory/component(forKey:as:)`` does.
///
/// ```swift
/// let viewModel = try await factory.async.component(forKey: "viewModel", as: ViewModel.self)
/// try await factory.async.shutdown(timeout: .seconds(5))
/// ```
public struct AsyncFactory: Sendable {
    @usableFromInline
    let factory: Factory

    @usableFromInline
    init(factory: Factory) {
        self.factory = factory
    }

    /// The component with `key`, built by awaiting each step that can suspend.
    nonisolated(nonsending) public func component(forKey key: String) async throws(DiagnosticReport) -> Any {
        do {
            let index = factory.index(ofKey: key)
            if let ready = try factory.instanceWithoutSuspending(at: index) { return ready.value }
            return try await factory.instanceAsync(at: index, key: key).value
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The component with `key`, as `type`; a component of another type is `type-mismatch`.
    /// A built singleton, or a component that cannot suspend, comes by the
    /// synchronous path, inline, with no suspension point.
    @inlinable
    nonisolated(nonsending) public func component<T>(forKey key: String, as type: T.Type = T.self) async throws(DiagnosticReport) -> T {
        try await component(at: factory.index(ofKey: key), key: key, as: T.self)
    }

    /// The component `handle` names, as ``component(forKey:as:)`` gives it,
    /// with no lookup of its key.
    @inlinable
    nonisolated(nonsending) public func component<T>(_ handle: ComponentHandle<T>) async throws(DiagnosticReport) -> T {
        try await component(at: factory.index(of: handle), key: handle.key, as: T.self)
    }

    /// The component at `index`, found for `key`, as `type`.
    @inlinable
    nonisolated(nonsending) func component<T>(at index: Int?, key: String, as type: T.Type) async throws(DiagnosticReport) -> T {
        let factory = self.factory
        do {
            let instance: Instance
            if let ready = try factory.instanceWithoutSuspending(at: index) {
                instance = ready
            } else {
                instance = try await factory.instanceAsync(at: index, key: key)
            }
            return try instance.take(as: T.self) { actual in factory.mismatch(key: key, found: actual, wanted: "\(T.self)") }
        } catch {
            throw DiagnosticReport(describing: error)
        }
    }

    /// The one component that is a `type`, as ``Factory/component(ofType:)`` finds it.
    nonisolated(nonsending) public func component<T>(ofType type: T.Type = T.self) async throws(DiagnosticReport) -> T {
        let key = try factory.onlyKey(accepting: InjectableType(T.self))
        return try await component(forKey: key, as: T.self)
    }

    /// Runs the destroy methods of the singletons built so far, newest
    /// first, async ones included, each in its own isolation. Each may take
    /// at most `timeout`: one that fails or runs out of time is reported
    /// (`build-failed`) and the others still run, in order. As
    /// ``Factory/shutdown()``, it stops handing the singletons out.
    public func shutdown(timeout: Duration = .seconds(10)) async throws(DiagnosticReport) {
        let failures = await destroy(factory.store.drain(), timeout: timeout)
        if !failures.isEmpty { throw DiagnosticReport(failures) }
    }

    /// Shuts down the one singleton `key`, as ``shutdown(timeout:)`` shuts
    /// down all: takes it out of the factory, then runs its destroy method.
    /// Nothing happens when it was never built, or is gone already. For the
    /// lifecycle product, which destroys a service when its `run()` returns.
    package func shutDown(_ key: String, timeout: Duration = .seconds(10)) async throws(DiagnosticReport) {
        guard let index = factory.index(ofKey: key) else { return }
        let failures = await shutDown(plans: [index], timeout: timeout)
        if !failures.isEmpty { throw DiagnosticReport(failures) }
    }

    /// Shuts down the singletons of `plans` (by index) as
    /// ``shutdown(timeout:)`` shuts down all, newest first; returns what failed.
    nonisolated(nonsending) func shutDown(plans: Set<Int>, timeout: Duration) async -> [Diagnostic] {
        await destroy(factory.store.take(Set(plans.flatMap(factory.store.slots(of:)))), timeout: timeout)
    }

    /// Runs the destroy method of each instance taken out of the store, by
    /// its slot, in order; every one runs, and what failed is returned.
    nonisolated(nonsending) private func destroy(_ taken: [(index: Int, instance: Instance)], timeout: Duration) async -> [Diagnostic] {
        var failures: [Diagnostic] = []
        for (slot, instance) in taken {
            if let failure = await destroy(instance, of: factory.table.plans[factory.store.plan(ofSlot: slot)], timeout: timeout) {
                failures.append(failure)
            }
        }
        return failures
    }

    /// Runs `plan`'s destroy method on `instance`, in its isolation, within
    /// `timeout`: nil when it has none or it finished; else the failure, logged.
    /// With no timeout, an async one runs in the caller's own task and is
    /// awaited however long it takes: a request scope's, bounded by the request.
    nonisolated(nonsending) func destroy(_ instance: Instance, of plan: ComponentPlan, timeout: Duration?) async -> Diagnostic? {
        let failure: (any Error)?
        if let runAsync = plan.destroyMethod?.runAsync, let timeout {
            switch await Deadline.run(within: timeout, runAsync(instance)) {
            case .finished: failure = nil
            case .failed(let error): failure = error
            case .timedOut:
                failure = Diagnostic(.buildFailed, "destroy method '\(plan.destroyMethod?.name ?? "")' of component '\(plan.key)' did not finish "
                                         + "within \(timeout); the other destroy methods ran on", at: plan.location)
            }
        } else if let runAsync = plan.destroyMethod?.runAsync {
            do {
                try await runAsync(instance)()
                failure = nil
            } catch {
                failure = error
            }
        } else {
            failure = factory.runDestroy(instance, of: plan)
        }
        guard let failure else { return nil }
        return factory.destroyFailed(failure, of: plan)
    }

    /// A dry run: builds every component that is not `lazy-init`, then
    /// shuts down, and returns what failed, each failure once.
    nonisolated(nonsending) func buildEveryComponent() async -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var failedAt = Set<SourceLocation?>()
        for plan in factory.table.plans where !plan.isLazy {
            do {
                _ = try await factory.instanceAsync(plan.index)
            } catch {
                for diagnostic in DiagnosticReport(describing: error, at: plan.location).diagnostics
                where diagnostic.code != .buildFailed || failedAt.insert(diagnostic.location).inserted {
                    diagnostics.append(diagnostic)
                }
            }
        }
        do {
            try await shutdown()
        } catch {
            diagnostics += error.diagnostics
        }
        var seen = Set<Diagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }
    }
}

extension Factory {
    /// The async lookups and shutdown, which build components whose construction can suspend.
    @inlinable
    public var async: AsyncFactory { AsyncFactory(factory: self) }
}
