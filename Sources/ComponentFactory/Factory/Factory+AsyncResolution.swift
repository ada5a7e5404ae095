import SystemSupport

/// The async lookup's building: what the synchronous one does, step by step,
/// with each step that can suspend awaited in its own isolation. A
/// component that cannot suspend, and so nothing it needs can either, is
/// built by the synchronous path, in the same resolution, so that
/// object-graph sharing holds across the two.
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
        /// Its depth is the whole resolution's, this one's steps and the synchronous ones' alike.
        var sync = Resolution()
        /// The components inside their initializer, outermost first.
        var constructing = ConstructionStack()
        /// This resolution's token for the creation lock, which it may take
        /// again while holding it: asked for only when a singleton is built.
        private var token: Int?
        /// The same for the request scope's creation lock.
        private var scopeToken: Int?

        /// Runs `body`, a synchronous lookup, in this resolution: what it
        /// builds shares the object graph and the depth bound, and a failure
        /// in it names the path from this resolution's top.
        mutating func synchronously<Result>(_ body: (inout Resolution) throws -> Result) rethrows -> Result {
            try withUnsafePointer(to: &constructing) { outer in
                sync.outer = outer
                defer { sync.outer = nil }
                return try body(&sync)
            }
        }

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

    // The three functions below read the plan at `index` through the table
    // at each use, and never hold it across a suspension: the table holds
    // every plan for the factory's life, and the factory outlives the lookup.

    nonisolated(nonsending)
    func instanceAsync(_ index: Int, in resolution: inout AsyncResolution) async throws -> Instance {
        guard table.suspensions.canSuspend(index) else { return try resolution.synchronously { try instance(index, in: &$0) } }
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
            guard let scope = resolution.sync.scope?.takeUnretainedValue(), let creation = scope.asyncCreation else {
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

    /// Builds the plan at `index`, awaiting each step that can suspend.
    /// Inlined into its callers, as ``makeAsync(_:in:)`` is into it: each
    /// async call is a frame allocated on the task, and a 10-object graph
    /// makes dozens of them.
    // Forced, with makeAsync: without both the async graph ran 3.5-4.0x hand-built against 3.3-3.5x (async-benchmark, alternating runs).
    @inline(__always)
    nonisolated(nonsending) private func buildAsync(_ index: Int, in resolution: inout AsyncResolution) async throws -> Instance {
        guard resolution.sync.depth < Self.maximumNesting else { throw tooDeep(table.plans[index]) }
        resolution.sync.depth += 1
        defer { resolution.sync.depth -= 1 }
        if resolution.constructing.contains(index) {
            throw initializerCycle(closedBy: table.plans[index], within: resolution.constructing.indexes)
        }
        if let patched = patches.make(for: index) {
            return try attempt(table.plans[index], resolution) { Instance(any: try patched()) }
        }
        resolution.constructing.push(index)
        var instance: Instance
        do {
            var position = 0
            while position < table.plans[index].dependencies.count {
                _ = try await valueAsync(table.plans[index].dependencies[position], in: &resolution)
                position += 1
            }
            instance = try await makeAsync(index, in: &resolution)
        } catch {
            resolution.constructing.pop()
            throw error
        }
        resolution.constructing.pop()
        if resolution.sync.hasWaiting {
            for inject in resolution.sync.takeWaiting(for: index) {
                let built = instance
                try attempt(table.plans[index], resolution) { try inject(built.value) }
            }
        }
        if table.plans[index].publishesEarly {
            let plan = table.plans[index]
            resolution.sync.publish(index, instance)
            defer { resolution.sync.unpublish() }
            var value = instance.value
            try await run(plan.beforePropertyInjection, on: &value, of: plan, in: resolution)
            for step in plan.properties {
                try await injectAsync(step, into: &value, of: plan, in: &resolution)
            }
            try await run(plan.afterPropertyInjection, on: &value, of: plan, in: resolution)
            try await run(plan.initMethod, on: &value, of: plan, in: resolution)
            instance = Instance(any: value)
        }
        for postProcessor in table.postProcessors {
            let current = instance.value
            let plan = table.plans[index]
            instance = try attempt(plan, resolution) { Instance(any: try postProcessor.postProcess(current, key: plan.key)) }
        }
        return instance
    }

    /// Calls the maker of the plan at `index` with its arguments resolved
    /// first: the async closure, which takes them over, or the synchronous
    /// one with them lent (see ``Arguments``).
    // Forced, with buildAsync: without both the async graph ran 3.5-4.0x hand-built against 3.3-3.5x (async-benchmark, alternating runs).
    @inline(__always)
    nonisolated(nonsending) private func makeAsync(_ index: Int, in resolution: inout AsyncResolution) async throws -> Instance {
        var receiver: Instance?
        if let factoryIndex = table.plans[index].factoryIndex {
            receiver = try await instanceAsync(factoryIndex, in: &resolution)
        }
        var arguments = AsyncArguments(receiver: receiver)
        var position = 0
        while position < table.plans[index].arguments.count {
            // A constant and a reference are read here: no async call of their own.
            switch table.plans[index].arguments[position] {
            case .constant(let value): arguments.append(value)
            case .component(let needed): arguments.append(try await instanceAsync(needed, in: &resolution))
            case let other: arguments.append(try await valueAsync(other, in: &resolution))
            }
            position += 1
        }
        if let makeAsync = table.plans[index].makeAsync {
            do {
                return try await makeAsync(consume arguments).instance
            } catch {
                throw failure(error, building: table.plans[index], within: resolution.constructing.indexes)
            }
        }
        do {
            return try make(table.plans[index], resolved: arguments)
        } catch {
            throw failure(error, building: table.plans[index], within: resolution.constructing.indexes)
        }
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

    nonisolated(nonsending) private func injectAsync(_ step: ComponentPlan.PropertyStep, into instance: inout Any, of plan: ComponentPlan,
                                                     in resolution: inout AsyncResolution) async throws {
        // A property that needs a component still inside its initializer waits for it, if this instance is an object.
        if case .component(let target) = step.value, resolution.constructing.contains(target),
           resolution.sync.inProgress(target) == nil, type(of: instance) is AnyClass, !step.registration.isAsync {
            let owner = instance
            let setter = step.registration
            resolution.sync.wait(for: target) { targetInstance in
                var object = owner
                guard setter.set(&object, targetInstance) else {
                    throw Diagnostic(.typeMismatch, "'\(targetInstance)' does not fit property '\(setter.name)' (\(setter.type))", at: step.location)
                }
            }
            return
        }
        let value = try await valueAsync(step.value, in: &resolution)
        let fits: Bool
        if let setAsync = step.registration.setAsync {
            fits = await setAsync(CrossingInstance(Instance(any: instance)), CrossingInstance(value))
        } else {
            fits = step.registration.set(&instance, value.value)
        }
        guard fits else { throw step.mismatch(value.value, of: plan.key) }
    }

    /// Runs `callback`, awaiting it when it is async.
    nonisolated(nonsending) private func run(_ callback: CallbackRegistration?, on value: inout Any, of plan: ComponentPlan,
                                             in resolution: borrowing AsyncResolution) async throws {
        guard let callback else { return }
        guard let runAsync = callback.runAsync else {
            try attempt(plan, resolution) { try callback.run(&value) }
            return
        }
        do {
            try await runAsync(CrossingInstance(Instance(any: value)))
        } catch {
            throw failure(error, building: plan, within: resolution.constructing.indexes)
        }
    }

    /// Runs registered code for `plan`, turning what it throws into its `build-failed` diagnostic.
    private func attempt<Result>(_ plan: ComponentPlan, _ resolution: borrowing AsyncResolution, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw failure(error, building: plan, within: resolution.constructing.indexes)
        }
    }
}
