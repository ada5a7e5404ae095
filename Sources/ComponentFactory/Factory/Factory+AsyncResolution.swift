import SystemSupport

/// The async lookup's building. A component with a program (see
/// ``ResolutionProgram``) is built by it, run by the synchronous lookup's
/// loop, with each making that suspends awaited in between. Any other
/// runs the build steps the synchronous lookup runs (``BuildStep``, each
/// written once in Factory+Steps) in turn, with the components they need
/// awaited and each step that can suspend awaited in its own isolation. A
/// component that cannot suspend, and so nothing it needs can either, is
/// built by the synchronous path, in the same resolution, so that
/// object-graph sharing, the depth bound, cycles and the failure path hold
/// across the two.
///
/// Each function runs in its caller's isolation (`nonisolated(nonsending)`),
/// and so does the closure that casts a registered async closure's
/// arguments: a lookup from the main actor stays there except while a
/// registered closure runs elsewhere. Components cross only inside the
/// `Sendable` wrappers that the registry's rules allow.
extension Factory {
    /// The state of one async resolution: the synchronous one (object-graph
    /// instances, instances published before their properties are set,
    /// waiting injections), and what the async steps add.
    struct AsyncResolution {
        /// Its depth and its components inside their initializer are the
        /// whole resolution's, this one's steps and the synchronous ones' alike.
        var sync = Resolution()
        /// This resolution's token for the creation lock, which it may take
        /// again while holding it: asked for only when a singleton is built.
        private var token: Int?
        /// The same for the request scope's creation lock.
        private var scopeToken: Int?

        /// This resolution's token for its request scope's creation lock, taken the first time.
        mutating func scopeToken(from lock: AsyncLock) -> Int {
            if let scopeToken { return scopeToken }
            let new = lock.newToken()
            scopeToken = new
            return new
        }

        /// This resolution's token, taken from `lock` the first time.
        mutating func token(from lock: AsyncLock) -> Int {
            if let token { return token }
            let new = lock.newToken()
            token = new
            return new
        }
    }

    /// The component at `index` (found for a key, or nil when this factory
    /// does not define it) when the synchronous path can give it at once: a built singleton, or a component that cannot suspend, built.
    /// Nil when building it can suspend, or when a parent factory defines it.
    @usableFromInline
    func instanceWithoutSuspending(at index: Int?) throws -> Instance? {
        guard let index else { return nil }
        if let shared = store.shared(index) { return shared }
        return try instanceWithoutSuspending(index)
    }

    /// The same for the component at `index` when its first slot is empty.
    @inline(never)
    private func instanceWithoutSuspending(_ index: Int) throws -> Instance? {
        guard !table.suspensions.isEmpty && table.suspensions.canSuspend(index) else {
            var resolution = Resolution()
            return try instance(index, in: &resolution)
        }
        return store.shared(suspendingSlot(index))
    }

    /// The component at `index`, found for `key` (nil when this factory does
    /// not define it), built by the async path where it can suspend.
    @usableFromInline
    nonisolated(nonsending)
    func instanceAsync(at index: Int?, key: String) async throws -> CrossingInstance {
        if let index { return try await instanceAsync(index) }
        guard let (factory, index) = ancestor(answering: key) else { throw unknownKey(key) }
        return try await factory.instanceAsync(index)
    }

    /// The component at `index`, in a resolution of its own, handed to the
    /// caller's isolation: a component the factory built is handed to
    /// whoever asks, as the synchronous lookup hands it to any thread.
    nonisolated(nonsending)
    func instanceAsync(_ index: Int) async throws -> CrossingInstance {
        if let ready = try store.shared(index) ?? instanceWithoutSuspending(index) { return CrossingInstance(ready) }
        var resolution = AsyncResolution()
        return CrossingInstance(try await instanceAsync(index, in: &resolution))
    }

    // The functions below read a plan through the table, which holds every
    // plan for the factory's life (the factory outlives the lookup); only
    // buildAsync holds one across its suspensions, for the figure it gives.

    nonisolated(nonsending)
    func instanceAsync(_ index: Int, in resolution: inout AsyncResolution) async throws -> Instance {
        // What cannot suspend is built synchronously, in the same resolution: it shares the object graph,
        // the depth bound and the components inside their initializer, so a failure names the path from the top.
        guard table.suspensions.canSuspend(index) else { return try instance(index, in: &resolution.sync) }
        if let program = table.programs.program(index), let made = try await instanceAsync(running: program, in: &resolution) {
            return made
        }
        if let current = resolution.sync.inProgress(index) { return current }
        switch table.plans[index].scope {
        case .prototype:
            return try await buildAsync(index, in: &resolution)
        case .objectGraph:
            if let kept = resolution.sync.graphInstance(index) { return kept }
            let built = try await buildAsync(index, in: &resolution)
            resolution.sync.keepInGraph(index, built)
            return built
        case .request:
            guard let scope = resolution.sync.scope, let creation = scope.asyncCreation else {
                throw outsideScope(table.plans[index])
            }
            if let kept = try scope.existing(index) { return kept }
            await creation.lock(resolution.scopeToken(from: creation))
            defer { creation.unlock() }
            if let kept = try scope.existing(index) { return kept }
            return try scope.keep(index, try await buildAsync(index, in: &resolution))
        case .singleton, .weakSingleton:
            let slot = suspendingSlot(index)
            if let shared = store.shared(slot) { return shared }
            await asyncCreation.lock(resolution.token(from: asyncCreation))
            defer { asyncCreation.unlock() }
            if let shared = store.shared(slot) { return shared }
            let built = try await buildAsync(index, in: &resolution)
            store.keep(slot, built)
            return built
        }
    }

    /// Builds the plan at `index` by running its build steps in turn,
    /// awaiting the components they need and each step that can suspend:
    /// an async or isolated maker, callback or setter. Inlined into its
    /// caller: each async call is a frame allocated on the task, and a
    /// 10-object graph makes dozens of them. The plan is held for the
    /// build, across its suspensions: read through the table at each step
    /// instead, the async graph ran 3.9-4.1x hand-built against 3.6-3.7x.
    // Forced: without it the async graph ran 4.0-4.1x hand-built against 3.6-3.7x (async-benchmark, 3 alternating runs on b77d8b9).
    @inline(__always)
    nonisolated(nonsending) private func buildAsync(_ index: Int, in resolution: inout AsyncResolution) async throws -> Instance {
        let plan = table.plans[index]
        var arguments = AsyncArguments(receiver: nil)
        var instance: Instance?
        // What a failure undoes: the depth counted, the component inside its initializer.
        var (counted, entered) = (false, false)
        defer { if counted { resolution.sync.depth -= 1 } }
        do {
            var position = 0
            while position < plan.steps.count {
                switch plan.steps[position] {
                case .enter:
                    if let patched = try enter(plan, &resolution.sync) { return patched }
                    (counted, entered) = (true, true)
                case .dependency(let at):
                    _ = try await valueAsync(plan.dependencies[at], in: &resolution)
                case .receiver:
                    if let factoryIndex = plan.factoryIndex { arguments.setReceiver(try await instanceAsync(factoryIndex, in: &resolution)) }
                case .argument(let at):
                    // A constant and a reference are read here: no async call of their own.
                    switch plan.arguments[at] {
                    case .constant(let value): arguments.append(value)
                    case .component(let needed): arguments.append(try await instanceAsync(needed, in: &resolution))
                    case let other: arguments.append(try await valueAsync(other, in: &resolution))
                    }
                case .make:
                    let resolved = consume arguments
                    arguments = AsyncArguments(receiver: nil)
                    do {
                        if let makeAsync = plan.makeAsync {
                            instance = try await makeAsync(resolved).instance
                        } else {
                            instance = try make(plan) { registers, receiver in resolved.lend(to: registers, receiverAt: receiver) }
                        }
                    } catch {
                        throw failure(error, building: plan, within: resolution.sync.constructing)
                    }
                case .leave:
                    entered = false
                    if let instance { try leave(plan, made: instance, &resolution.sync) }
                case .publish:
                    guard let made = instance else { break }
                    (instance, position) = try await injectAsync(plan, made, from: position, in: &resolution)
                case .callback, .property, .unpublish:
                    // Run by the publish step, up to its unpublish.
                    break
                case .postProcess:
                    if let made = instance, !table.postProcessors.isEmpty { instance = try postProcess(plan, made, resolution.sync) }
                }
                position += 1
            }
        } catch {
            if entered { resolution.sync.leave() }
            throw error
        }
        guard let instance else {
            throw Diagnostic(.buildFailed, "component '\(plan.key)' was not made", at: plan.location)
        }
        return instance
    }

    /// The steps from `publish` (at `position`) to `unpublish`: `instance`
    /// published, its callbacks run and its properties set, each awaited
    /// when async; the instance after them, and the position of `unpublish`.
    nonisolated(nonsending) private func injectAsync(_ plan: ComponentPlan, _ instance: Instance, from position: Int,
                                                     in resolution: inout AsyncResolution) async throws -> (Instance, Int) {
        var value = publish(plan, instance, &resolution.sync)
        var position = position + 1
        do {
            while position < plan.steps.count {
                switch plan.steps[position] {
                case .callback(let which):
                    guard let callback = plan.callback(which) else { break }
                    guard let runAsync = callback.runAsync else {
                        try run(callback, on: &value, of: plan, resolution.sync)
                        break
                    }
                    do {
                        try await runAsync(CrossingInstance(Instance(any: value)))
                    } catch {
                        throw failure(error, building: plan, within: resolution.sync.constructing)
                    }
                case .property(let at):
                    try await injectAsync(plan.properties[at], of: plan, into: &value, in: &resolution)
                case .unpublish:
                    return (unpublish(value, &resolution.sync), position)
                case .enter, .dependency, .receiver, .argument, .make, .leave, .publish, .postProcess:
                    break
                }
                position += 1
            }
        } catch {
            resolution.sync.unpublish()
            throw error
        }
        return (unpublish(value, &resolution.sync), position)
    }

    nonisolated(nonsending) private func valueAsync(_ plan: ValuePlan, in resolution: inout AsyncResolution) async throws -> Instance {
        switch plan {
        case .constant(let value):
            return value
        case .component(let index):
            return try await instanceAsync(index, in: &resolution)
        case .inherited(let key):
            return try await instanceAsync(at: index(ofKey: key), key: key).instance
        case .collection(let items, let make, let typeName):
            var values: [Any] = []
            for item in items { values.append(try await valueAsync(item, in: &resolution).value) }
            return try ValuePlan.collection(of: values, make, typeName: typeName)
        case .dictionary(let entries, let make, let typeName):
            var pairs: [(Any, Any)] = []
            for entry in entries { pairs.append((entry.key, try await valueAsync(entry.value, in: &resolution).value)) }
            return try ValuePlan.dictionary(of: pairs, make, typeName: typeName)
        }
    }

    /// The `property` step: the value its component or value resolves to,
    /// set by its setter (awaited when async); or nothing yet, when it waits for a component inside its initializer.
    nonisolated(nonsending) private func injectAsync(_ step: ComponentPlan.PropertyStep, of plan: ComponentPlan, into instance: inout Any,
                                                     in resolution: inout AsyncResolution) async throws {
        guard !waits(step, owner: instance, &resolution.sync) else { return }
        let value = try await valueAsync(step.value, in: &resolution)
        guard let setAsync = step.registration.setAsync else {
            try set(step, of: plan, on: &instance, to: value)
            return
        }
        guard await setAsync(CrossingInstance(Instance(any: instance)), CrossingInstance(value)) else {
            throw step.mismatch(value.value, of: plan.key)
        }
    }
}
