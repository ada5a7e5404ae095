/// The async lookup's building: what the synchronous one does, step by step,
/// with each step that can suspend awaited in its own isolation. A
/// component that cannot suspend, and so nothing it needs can either, is
/// built by the synchronous path, in the same resolution, so that
/// object-graph sharing holds across the two.
///
/// Each function runs in its caller's isolation (`nonisolated(nonsending)`),
/// and so does the closure that casts a registered async closure's
/// arguments: a lookup from the main actor stays there except while a
/// registered closure runs elsewhere. (Running the building `@concurrent`
/// instead was measured: twice the executor switches per component, and
/// slower; see Benchmarks/README.md.) Components cross only inside the
/// `Sendable` wrappers that the registry's rules allow.
extension Factory {
    /// The state of one async resolution: the synchronous one (object-graph
    /// instances, instances published before their properties are set,
    /// waiting injections), and what the async steps add.
    struct AsyncResolution {
        var sync = Resolution()
        /// The components inside their initializer, outermost first.
        var constructing: [Int] = []
        /// This resolution's token for the creation lock, which it may take again while holding it.
        let token: Int
        var depth = 0
    }

    /// The component with `key` when the synchronous path can give it at
    /// once: a built singleton, or a component that cannot suspend, built.
    /// Nil when building it can suspend, or when a parent factory defines it.
    @usableFromInline
    func instanceWithoutSuspending(forKey key: String) throws -> Instance? {
        guard let index = index(ofKey: key) else { return nil }
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

    /// The component with `key`, built by the async path where it can suspend.
    @usableFromInline
    nonisolated(nonsending)
    func instanceAsync(forKey key: String) async throws -> CrossingInstance {
        if let index = index(ofKey: key) { return try await instanceAsync(index) }
        guard let (factory, index) = ancestor(answering: key) else { throw unknownKey(key) }
        return try await factory.instanceAsync(index)
    }

    /// The component at `index`, in a resolution of its own, handed to the
    /// caller's isolation: a component the factory built is handed to
    /// whoever asks, as the synchronous lookup hands it to any thread.
    nonisolated(nonsending)
    func instanceAsync(_ index: Int) async throws -> CrossingInstance {
        if let ready = try store.shared(index) ?? instanceWithoutSuspending(index) { return CrossingInstance(ready) }
        var resolution = AsyncResolution(token: asyncCreation.newToken())
        return CrossingInstance(try await instanceAsync(index, in: &resolution))
    }

    nonisolated(nonsending)
    func instanceAsync(_ index: Int, in resolution: inout AsyncResolution) async throws -> Instance {
        guard table.suspensions.canSuspend(index) else { return try instance(index, in: &resolution.sync) }
        if let current = resolution.sync.inProgress(index) { return current }
        // The table holds every plan for the factory's life, and the factory outlives the lookup: no retain per component.
        unowned(unsafe) let plan = table.plans[index]
        switch plan.scope {
        case .prototype:
            return try await buildAsync(plan, in: &resolution)
        case .objectGraph:
            if let kept = resolution.sync.graphInstance(index) { return kept }
            let built = try await buildAsync(plan, in: &resolution)
            resolution.sync.keepInGraph(index, built)
            return built
        case .singleton, .weakSingleton:
            let slot = suspendingSlot(index)
            if let shared = store.shared(slot) { return shared }
            await asyncCreation.lock(resolution.token)
            defer { asyncCreation.unlock() }
            if let shared = store.shared(slot) { return shared }
            let built = try await buildAsync(plan, in: &resolution)
            store.keep(slot, built)
            return built
        }
    }

    /// Builds `plan`, awaiting each step that can suspend. Inlined into its
    /// callers, as ``makeAsync(_:in:)`` is into it: each async call is a frame
    /// allocated on the task, and a 10-object graph makes dozens of them.
    @inline(__always)
    nonisolated(nonsending) private func buildAsync(_ plan: ComponentPlan, in resolution: inout AsyncResolution) async throws -> Instance {
        guard resolution.depth < Self.maximumNesting else { throw tooDeep(plan) }
        resolution.depth += 1
        defer { resolution.depth -= 1 }
        if resolution.constructing.contains(plan.index) {
            throw initializerCycle(closedBy: plan, within: resolution.constructing)
        }
        if let patched = patches.make(for: plan.index) {
            return try attempt(plan, resolution) { Instance(any: try patched()) }
        }
        resolution.constructing.append(plan.index)
        var instance: Instance
        do {
            for dependency in plan.dependencies {
                _ = try await valueAsync(dependency, in: &resolution)
            }
            instance = try await makeAsync(plan, in: &resolution)
        } catch {
            resolution.constructing.removeLast()
            throw error
        }
        resolution.constructing.removeLast()
        if resolution.sync.hasWaiting {
            for inject in resolution.sync.takeWaiting(for: plan.index) {
                let built = instance
                try attempt(plan, resolution) { try inject(built.value) }
            }
        }
        if plan.publishesEarly {
            resolution.sync.publish(plan.index, instance)
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
            instance = try attempt(plan, resolution) { Instance(any: try postProcessor.postProcess(current, key: plan.key)) }
        }
        return instance
    }

    /// Calls the maker of `plan` with its arguments resolved first: the async
    /// closure, or the synchronous one through prepared arguments.
    @inline(__always)
    nonisolated(nonsending) private func makeAsync(_ plan: ComponentPlan, in resolution: inout AsyncResolution) async throws -> Instance {
        var receiver: Instance?
        if let factoryIndex = plan.factoryIndex {
            receiver = try await instanceAsync(factoryIndex, in: &resolution)
        }
        var arguments = AsyncArguments(receiver: receiver)
        for argument in plan.arguments {
            // A constant and a reference are read here: no async call of their own.
            switch argument {
            case .constant(let value): arguments.append(value)
            case .component(let index): arguments.append(try await instanceAsync(index, in: &resolution))
            default: arguments.append(try await valueAsync(argument, in: &resolution))
            }
        }
        if let makeAsync = plan.makeAsync {
            do {
                return try await makeAsync(arguments).instance
            } catch {
                throw failure(error, building: plan, within: resolution.constructing)
            }
        }
        resolution.sync.prepared = arguments
        defer { resolution.sync.prepared = nil }
        do {
            return try make(plan, in: &resolution.sync)
        } catch {
            throw failure(error, building: plan, within: resolution.constructing)
        }
    }

    nonisolated(nonsending) private func valueAsync(_ plan: ValuePlan, in resolution: inout AsyncResolution) async throws -> Instance {
        switch plan {
        case .constant(let value):
            return value
        case .component(let index):
            return try await instanceAsync(index, in: &resolution)
        case .inherited(let key):
            return try await instanceAsync(forKey: key).instance
        case .collection(let items, let make, let typeName):
            var values: [Any] = []
            for item in items { values.append(try await valueAsync(item, in: &resolution).value) }
            guard let collection = make(values) else {
                throw Diagnostic(.typeMismatch, "an item does not fit \(typeName): " + values.map { "\(type(of: $0))" }.joined(separator: ", "), at: nil)
            }
            return Instance(any: collection)
        case .dictionary(let entries, let make, let typeName):
            var pairs: [(Any, Any)] = []
            for entry in entries { pairs.append((entry.key, try await valueAsync(entry.value, in: &resolution).value)) }
            guard let dictionary = make(pairs) else {
                throw Diagnostic(.typeMismatch, "an entry does not fit \(typeName)", at: nil)
            }
            return Instance(any: dictionary)
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
        guard fits else {
            throw Diagnostic(.typeMismatch,
                             "property '\(step.registration.name)' of component '\(plan.key)' is \(step.registration.type), "
                                 + "but the value is \(type(of: value.value))", at: step.location)
        }
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
            throw failure(error, building: plan, within: resolution.constructing)
        }
    }

    /// Runs registered code for `plan`, turning what it throws into its `build-failed` diagnostic.
    private func attempt<Result>(_ plan: ComponentPlan, _ resolution: borrowing AsyncResolution, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw failure(error, building: plan, within: resolution.constructing)
        }
    }
}
