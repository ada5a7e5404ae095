import Foundation
import Logging
import SystemSupport

/// A factory that follows its configuration: when the `.properties` files
/// (or a source given in code) change, it resolves every placeholder again
/// and validates the whole set again, and only if that passes does it swap
/// in a new graph, atomically.
///
/// - The new graph builds anew the singletons marked `reloadable="yes"` and
///   every component that needs one; it keeps every other singleton as it
///   is. Components built at each use (prototype, object-graph, request)
///   come from the new graph at their next use.
/// - A change whose environment build fails, that alters a value a kept singleton
///   was built with (`not-reloadable`), or whose components fail to build,
///   is refused: logged at error level with each diagnostic's file:line,
///   and the running graph is kept.
/// - A use sees one graph whole: ``withScope(seeding:_:)-([String:Sendable],_)`` and
///   ``withFactory(_:)`` hold the graph of the moment they start until they
///   end. The singletons a swap replaced get their destroy methods once the
///   last use that began before the swap has ended.
/// - ``reloads()`` observes each reload; ``watch(pollingEvery:polling:)``
///   runs the watching (inotify on Linux, else polling) until its task is
///   cancelled. The lifecycle product runs it as a service.
///
/// ```swift
/// let live = try await LiveFactory.load(assemblies: ["Assemblies"], registry: AppRegistry.make(),
///                                       options: .init(config: "Config", environment: "production", logger: logger))
/// try await live.withScope(seeding: ["request": request]) { scope in
///     try await scope.component(forKey: "linkController", as: LinkController.self).handle()
/// }
/// ```
public final class LiveFactory: Sendable {
    private struct State {
        var current: LiveGeneration
        /// Replaced generations whose replaced singletons are not destroyed yet.
        var retired: [LiveGeneration] = []
        var observers: [Int: AsyncStream<ReloadEvent>.Continuation] = [:]
        var nextObserver = 0
        /// Set by ``LiveFactory/shutdown(timeout:)``: no reload builds anything after it.
        var isShutDown = false
        /// The last reloads, oldest first: at most ``LiveFactory/reloadsKept``.
        var reloads: [ReloadEvent] = []
        /// The configuration the last reload read and refused, while no later one has swapped or found it unchanged.
        var refused: Configuration?
    }

    /// How many of the last reloads ``inspection(values:)`` gives.
    public static let reloadsKept = 32

    /// How the load went that built generation 1.
    let startup: LoadTimeline?
    /// Its services' states, as the lifecycle product runs them: kept across generations, as the services are.
    package let serviceStates = ServiceStates()

    /// What every reload builds again from the configuration it reads: the assemblies as read, or their compiled wiring.
    private let wiring: ReloadedWiring
    private let loader: ConfigurationLoader
    private let environment: String?
    private let registry: ComponentRegistry
    private let parent: Factory?
    private let logger: Logger?
    /// The generation serving now, which a use leases under this lock: a
    /// swap replaces it under the lock too, so every lease that found the
    /// old generation has counted its use by then.
    private let state: Locked<State>
    /// One reload at a time.
    private let reloading = AsyncLock()
    /// How long a destroy method of a replaced singleton may take.
    private let destroyTimeout: Duration = .seconds(10)

    /// Loads as `Factory.loadAsync(assemblies:registry:options:)`
    /// does, keeping what a reload needs: the assemblies as read, the config
    /// root, the sources and overrides. Generation 1 is the graph built here.
    nonisolated(nonsending) public static func load(
        assemblies: [Factory.Location], registry: ComponentRegistry, options: Factory.LoadOptions
    ) async throws(DiagnosticReport) -> LiveFactory {
        let start = ContinuousClock().now
        let (build, read, inputs) = try Factory.environmentBuild(assemblies: assemblies, registry: registry, options: options, since: start)
        let (factory, _) = try await Factory.loadAsync(build, assemblies: read, registry: registry, parent: options.parent,
                                                       logger: options.logger, patches: [], since: start, read: inputs.read)
        guard let loaded = factory.loaded else {
            throw DiagnosticReport([Diagnostic(.buildFailed, "the factory loaded without a configuration; please report this", at: nil)])
        }
        let side = ReloadReach.Side(table: factory.table, loaded: loaded)
        // Under the wiring check, the reloads go through the compiled wiring too.
        let wiring: ReloadedWiring = WiringCheck.isOn && options.parent == nil
            ? .compiled(try WiringCheck.image(build, assemblies: read, registry: registry), printedMakers: nil) : .assemblies(read)
        return LiveFactory(wiring: wiring, loader: inputs.loader, environment: inputs.environment, registry: registry,
                           parent: options.parent, logger: options.logger, first: LiveGeneration(number: 1, factory: factory, side: side))
    }

    /// Loads as `Factory.loadAsync(compiled:registry:options:)` does, and
    /// follows the configuration as a live factory of the assemblies does:
    /// each reload reads the configuration again and resolves the value
    /// sites again (one that is an unchanged key's placeholder alone resolves
    /// as it did), keeping each component whose sites all resolve as before;
    /// the shape stays the compiled one, and a change to a value that decides
    /// shape is refused (`stale-wiring`, at its `.properties` line).
    /// Stale wiring with ``Factory/LoadOptions/interpretsStaleWiring`` loads the assemblies instead.
    nonisolated(nonsending) public static func load(
        compiled: Factory.CompiledWiring, registry: ComponentRegistry, options: Factory.LoadOptions
    ) async throws(DiagnosticReport) -> LiveFactory {
        switch try Factory.prepare(compiled, registry: registry, options: options) {
        case .interpret(let assemblies):
            return try await load(assemblies: assemblies, registry: registry, options: options)
        case .built(let prepared):
            let factory = try await Factory.loadAsync(prepared, logger: options.logger)
            guard let loaded = factory.loaded else {
                throw DiagnosticReport([Diagnostic(.buildFailed, "the factory loaded without a configuration; please report this", at: nil)])
            }
            let side = ReloadReach.Side(table: factory.table, loaded: loaded, wiring: prepared.build.previous)
            return LiveFactory(wiring: .compiled(prepared.image, printedMakers: prepared.printedMakers), loader: prepared.loader, environment: prepared.environment,
                               registry: registry, parent: nil, logger: options.logger,
                               first: LiveGeneration(number: 1, factory: factory, side: side))
        }
    }

    /// The common case: assemblies, a config root and an environment.
    ///
    /// ```swift
    /// let live = try await LiveFactory.load(assemblies: ["Assemblies"], config: "Config", environment: "production",
    ///                                       registry: AppRegistry.make())
    /// ```
    nonisolated(nonsending) public static func load(
        assemblies: [Factory.Location], config: Factory.Location? = nil, environment: String? = nil, registry: ComponentRegistry
    ) async throws(DiagnosticReport) -> LiveFactory {
        try await load(assemblies: assemblies, registry: registry, options: Factory.LoadOptions(config: config, environment: environment))
    }

    private init(wiring: ReloadedWiring, loader: ConfigurationLoader, environment: String?, registry: ComponentRegistry,
                 parent: Factory?, logger: Logger?, first: LiveGeneration) {
        self.wiring = wiring
        self.loader = loader
        self.environment = environment
        self.registry = registry
        self.parent = parent
        self.logger = logger
        self.state = Locked(State(current: first))
        self.startup = first.factory.startup.withLock { $0 }
    }


    // MARK: Using the graph

    /// The graph serving now. A lookup on it sees that one graph, but
    /// nothing keeps its replaced singletons from being destroyed while
    /// it is held: for more than one lookup, use ``withFactory(_:)`` or ``withScope(seeding:_:)-([String:Sendable],_)``.
    public var factory: Factory {
        state.withLock { $0.current.factory }
    }

    /// The number of the graph serving now: 1 at load, one more at each swap.
    public var generation: Int {
        state.withLock { $0.current.number }
    }

    /// Runs `body` with the graph serving now, which stays whole (its
    /// singletons not destroyed) until `body` returns, whatever reloads meanwhile.
    /// Inlinable, with ``withScope(seeding:_:)-([ScopeSeed],_)``, so that
    /// each caller's `Result` is known where it is compiled: as a generic
    /// parameter, its metadata was looked up at run time on each call.
    @inlinable
    nonisolated(nonsending) public func withFactory<Result, Failure: Error>(
        _ body: nonisolated(nonsending) (Factory) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let generation = lease()
        // No `Swift.Result` kept across the await: its metadata is looked up at run time where `Result` is generic.
        let result: Result
        do {
            result = try await body(generation.factory)
        } catch {
            await end(generation)
            throw error
        }
        await end(generation)
        return result
    }

    /// Opens a request scope on the graph serving now, as
    /// ``Factory/withScope(seeding:_:)-([String:Sendable],_)`` does, and runs `body` in it: every
    /// lookup of the request sees that one graph.
    @inlinable
    nonisolated(nonsending) public func withScope<Result>(
        seeding values: [String: any Sendable] = [:], _ body: nonisolated(nonsending) (RequestScope) async throws -> Result
    ) async throws -> Result {
        try await withFactory { factory async throws(any Error) in try await factory.withScope(seeding: values, body) }
    }

    /// Opens a request scope on the graph serving now, seeded with `seeds`,
    /// as ``Factory/withScope(seeding:_:)-([ScopeSeed],_)`` does, and runs
    /// `body` in it. Seeds and handles made from any generation fit every
    /// other: a reload keeps the assemblies.
    @inlinable
    nonisolated(nonsending) public func withScope<Result>(
        seeding seeds: [ScopeSeed], _ body: nonisolated(nonsending) (RequestScope) async throws -> Result
    ) async throws -> Result {
        try await withFactory { factory async throws(any Error) in try await factory.withScope(seeding: seeds, body) }
    }

    /// Opens a request scope on the graph serving now, seeded with the one
    /// value `seed` gives, as ``Factory/withScope(seeding:_:)-(ScopeSeed,_)``
    /// does, and runs `body` in it.
    @inlinable
    nonisolated(nonsending) public func withScope<Result>(
        seeding seed: ScopeSeed, _ body: nonisolated(nonsending) (RequestScope) async throws -> Result
    ) async throws -> Result {
        try await withFactory { factory async throws(any Error) in try await factory.withScope(seeding: seed, body) }
    }

    /// The generation serving now, and the last reloads, for ``inspection(values:)``.
    var inspected: (generation: LiveGeneration, reloads: [ReloadEvent], refused: Configuration?) {
        state.withLock { ($0.current, $0.reloads, $0.refused) }
    }

    /// The generation serving now, counted as in use.
    @usableFromInline
    func lease() -> LiveGeneration {
        state.withLock { state in
            state.current.acquire()
            return state.current
        }
    }

    /// Ends a use of `generation`, destroying what it replaced when it was the last.
    @usableFromInline
    nonisolated(nonsending) func end(_ generation: LiveGeneration) async {
        guard let replaced = generation.release() else { return }
        await destroy(replaced, of: generation)
    }

    // MARK: Reloading

    /// A new stream of every reload from now on; it ends when the caller stops iterating.
    public func reloads() -> AsyncStream<ReloadEvent> {
        let (stream, continuation) = AsyncStream<ReloadEvent>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = state.withLock { state in
            defer { state.nextObserver += 1 }
            state.observers[state.nextObserver] = continuation
            return state.nextObserver
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Reads the configuration again, validates the whole set for it, and
    /// swaps in a new graph if that passes (see ``LiveFactory``). One reload
    /// runs at a time; a second waits for the first.
    nonisolated(nonsending) public func reload() async -> ReloadEvent {
        let started = ContinuousClock().now
        let token = reloading.newToken()
        await reloading.lock(token)
        let before = state.withLock { $0.current.side.configuration }
        var read: Configuration?
        var reload = await reloadHoldingLock(reading: &read)
        reloading.unlock()
        reload.duration = ContinuousClock().now - started
        if let read { reload.changes = ReloadReach.changes(of: reload.changedKeys, from: before, to: read) }
        log(reload)
        let observers = state.withLock { state in
            state.refused = reload.outcome == .refused ? read : nil
            state.reloads.append(reload)
            if state.reloads.count > Self.reloadsKept { state.reloads.removeFirst(state.reloads.count - Self.reloadsKept) }
            return Array(state.observers.values)
        }
        for observer in observers { observer.yield(reload) }
        return reload
    }

    /// The reload, `read` set to the configuration it read, when it could read one.
    nonisolated(nonsending) private func reloadHoldingLock(reading read: inout Configuration?) async -> ReloadEvent {
        let (old, isShutDown) = state.withLock { ($0.current, $0.isShutDown) }
        /// A refusal names the keys that changed and what it would have built anew.
        func refused(_ diagnostics: [Diagnostic], changed: [String] = [], wouldRebuild: [String] = []) -> ReloadEvent {
            ReloadEvent(outcome: .refused, generation: old.number, changedKeys: changed, rebuilt: wouldRebuild, diagnostics: diagnostics)
        }
        guard !isShutDown else {
            return refused([Diagnostic(.buildFailed, "the live factory is shut down: nothing is reloaded", at: nil)])
        }
        var loader = self.loader
        do {
            loader.root = try ConfigRoot.scan(loader.root.path)
        } catch {
            // A config root given as none stays none; one that went away is a refusal.
            if !loader.root.path.isEmpty { return refused([error]) }
        }
        let build = wiring.build(loader: loader, environment: environment, registry: registry, parent: parent, previous: old.side)
        read = build.configuration
        let errors = build.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let blueprint = build.blueprint, let side = build.side else {
            // What changed, and the .properties line (or variable, or provider key) of each change first in its diagnostics.
            guard let configuration = build.configuration else { return refused(errors) }
            let changed = ReloadReach.changedKeys(from: old.side, to: configuration, keysRead: build.keysRead)
            let origins = ReloadReach.origins(of: changed, in: configuration)
            let wouldRebuild = ReloadReach.rebuilt(in: old.side.table).sorted().map { old.side.table.plans[$0].key }
            return refused(errors.map { ReloadReach.pointedAtChange($0, origins: origins) }, changed: changed,
                           wouldRebuild: wouldRebuild)
        }
        let reach = ReloadReach(from: old.side, to: side, candidates: build.candidates)
        guard !reach.changedKeys.isEmpty else {
            return ReloadEvent(outcome: .unchanged, generation: old.number, changedKeys: [], rebuilt: [], diagnostics: [])
        }
        let rebuilt = reach.rebuilt.sorted().map { blueprint.table.plans[$0].key }
        guard reach.refusals.isEmpty else { return refused(reach.refusals, changed: reach.changedKeys, wouldRebuild: rebuilt) }

        // The kept singletons go over as they are, in the slot they were kept in (the async one after the plans).
        var kept: [Int: Any] = [:]
        var builtBy: [Int: Int] = [:]
        for (new, previous) in reach.kept {
            let newSlots = InstanceStore.slots(of: new, planCount: blueprint.table.plans.count)
            for (oldSlot, newSlot) in zip(old.factory.store.slots(of: previous), newSlots) {
                if let instance = old.factory.store.shared(oldSlot) {
                    kept[newSlot] = instance.value
                    builtBy[new] = old.builtBy[previous] ?? old.number
                }
            }
        }
        let factory = Factory(blueprint: blueprint, parent: parent, logger: logger, loaded: side.loaded, keeping: kept)
        do {
            try await factory.async.buildEagerSingletons()
        } catch {
            // Only what this graph built is its own to destroy: the kept singletons still serve.
            let failures = await factory.async.shutDown(plans: reach.rebuilt, timeout: destroyTimeout)
            return refused(error.diagnostics + failures, changed: reach.changedKeys, wouldRebuild: rebuilt)
        }
        let next = LiveGeneration(number: old.number + 1, factory: factory, side: side, builtBy: builtBy)
        let replaced = Set(reach.rebuilt.compactMap { old.side.table.keys.byKey[blueprint.table.plans[$0].key] })
        let swapped = state.withLock { state -> Bool in
            // Shut down while this reload built: the new graph is never served, and only what it built goes.
            guard !state.isShutDown else { return false }
            state.current = next
            state.retired.append(old)
            return true
        }
        if swapped {
            // Every lease that found the old generation counted its use under the lock, before the swap.
            if let destroyNow = old.retire(replacing: replaced) { await destroy(destroyNow, of: old) }
        }
        guard state.withLock({ $0.current === next }) else {
            _ = await factory.async.shutDown(plans: reach.rebuilt, timeout: destroyTimeout)
            return refused([Diagnostic(.buildFailed, "the live factory was shut down during the reload", at: nil)],
                           changed: reach.changedKeys, wouldRebuild: rebuilt)
        }
        // The warnings this configuration brings: those of the graph it replaced were told already.
        let warnings = side.loaded.warnings.filter { !old.side.loaded.warnings.contains($0) }
        return ReloadEvent(outcome: .swapped, generation: next.number, changedKeys: reach.changedKeys, rebuilt: rebuilt, diagnostics: warnings)
    }

    /// Destroys `plans` of a replaced generation, newest first, logging what fails; then lets the generation go.
    nonisolated(nonsending) private func destroy(_ plans: Set<Int>, of generation: LiveGeneration) async {
        for failure in await generation.factory.async.shutDown(plans: plans, timeout: destroyTimeout) {
            logger?.error("ComponentFactory: a replaced component's destroy method failed", metadata: [
                "generation": .stringConvertible(generation.number), "diagnostic": .string(failure.description),
            ])
        }
        state.withLock { $0.retired.removeAll { $0 === generation } }
    }

    private func log(_ reload: ReloadEvent) {
        guard let logger else { return }
        let metadata: Logger.Metadata = [
            "generation": .stringConvertible(reload.generation),
            "changed": .array(reload.changedKeys.map { .string($0) }),
            "changes": .array(reload.changes.map { .string($0.description) }),
            reload.outcome == .refused ? "would-rebuild" : "rebuilt": .array(reload.rebuilt.map { .string($0) }),
        ]
        switch reload.outcome {
        case .swapped:
            logger.info("ComponentFactory: reloaded the configuration and swapped in a new graph", metadata: metadata)
        case .unchanged:
            logger.debug("ComponentFactory: the configuration changed no value", metadata: metadata)
        case .refused:
            for diagnostic in reload.diagnostics {
                logger.error("ComponentFactory: reload refused, the running graph is kept: \(diagnostic.description)",
                             metadata: metadata)
            }
        }
    }

    // MARK: Watching

    /// The directories watched: the config root's, each `.properties` file's,
    /// and every directory of each config tree (a tree given in code that is
    /// absent now is watched from its parent, so that its arrival reloads).
    public var watchedDirectories: [String] {
        let sources = state.withLock { $0.current.side.configuration.sources }
        let files = sources.compactMap { ($0 as? PropertiesFileSource)?.name }
        let trees = sources.flatMap { ($0 as? ConfigTreeSource)?.directories ?? [] }
        let absent = loader.configTrees.filter { !FileManager.default.fileExists(atPath: $0.path) }
            .map { ($0.path as NSString).deletingLastPathComponent }
        let directories = files.map { ($0 as NSString).deletingLastPathComponent } + trees + absent + [loader.root.path]
        return Array(Set(directories.filter { !$0.isEmpty })).sorted()
    }

    /// Watches the configuration until the task is cancelled, reloading
    /// after each change: the `.properties` files' directories, with inotify
    /// on Linux (or by looking every `interval` elsewhere, or with
    /// `polling`), and each source given in code that reports changes (such
    /// as a swift-configuration `ReloadingFileProvider`). Changes that come
    /// together, as an editor's save does, make one reload: a file event that
    /// comes once the save's reload has read the directories, which are as
    /// they were then, makes none.
    nonisolated(nonsending) public func watch(pollingEvery interval: Duration = .seconds(2), polling: Bool = false) async {
        let sources = loader.sources
        await withDiscardingTaskGroup { group in
            // Each change a source given in code reports: a reload.
            group.addTask {
                let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
                await withDiscardingTaskGroup { watching in
                    for source in sources {
                        watching.addTask { await source.watchChanges { signal.yield() } }
                    }
                    for await _ in signals {
                        _ = await self.reload()
                    }
                    watching.cancelAll()
                }
            }
            await watchDirectories(pollingEvery: interval, polling: polling)
            group.cancelAll()
        }
    }

    /// Reloads after each change in ``watchedDirectories`` until the task is
    /// cancelled, watching anew whenever a reload changes them (a config tree
    /// that appeared, or went).
    nonisolated(nonsending) private func watchDirectories(pollingEvery interval: Duration, polling: Bool) async {
        var directories = watchedDirectories
        while !Task.isCancelled {
            let watcher = DirectoryWatcher(directories: directories, pollingEvery: interval, polling: polling)
            logger?.debug("ComponentFactory: watching the configuration", metadata: [
                "directories": .array(directories.map { .string($0) }), "method": .string(watcher.method.rawValue),
            ])
            // Nil until the first event, which always reloads, so that a save made
            // before the watch began is not taken for what was loaded.
            var lastRead: [String]?
            var moved = false
            for await _ in watcher.changes {
                // An editor's save is several writes: let them land.
                try? await Task.sleep(for: .milliseconds(50))
                let now = watcher.fingerprint()
                guard now != lastRead else { continue }
                lastRead = now
                _ = await reload()
                let after = watchedDirectories
                if after != directories {
                    (directories, moved) = (after, true)
                    break
                }
            }
            watcher.stop()
            guard moved else { return }
        }
    }

    // MARK: Shutting down

    /// Destroys what replaced generations still hold, then shuts down the
    /// graph serving now as ``AsyncFactory/shutdown(timeout:)`` does.
    /// Reloads after it refuse, and build nothing.
    public func shutdown(timeout: Duration = .seconds(10)) async throws(DiagnosticReport) {
        let (current, retired) = state.withLock { state in
            state.isShutDown = true
            return (state.current, state.retired)
        }
        var failures: [Diagnostic] = []
        for generation in retired.reversed() {
            if let plans = generation.claimAtShutdown() {
                failures += await generation.factory.async.shutDown(plans: plans, timeout: timeout)
            }
        }
        state.withLock { $0.retired.removeAll() }
        do {
            try await current.factory.async.shutdown(timeout: timeout)
        } catch {
            failures += error.diagnostics
        }
        if !failures.isEmpty { throw DiagnosticReport(failures) }
    }

    /// Shuts down the one singleton `key` in the graph serving now, as
    /// `AsyncFactory`'s `shutDown(_:)` does; and takes it out of the graphs
    /// that still hold it, unbuilt there, since they share it. For the
    /// lifecycle product, which destroys a service when its `run()` returns.
    package func shutDown(_ key: String, timeout: Duration = .seconds(10)) async throws(DiagnosticReport) {
        let (current, retired) = state.withLock { ($0.current, $0.retired) }
        for generation in retired {
            guard let index = generation.factory.index(ofKey: key) else { continue }
            _ = generation.factory.store.take(Set(generation.factory.store.slots(of: index)))
        }
        try await current.factory.async.shutDown(key, timeout: timeout)
    }
}
