import SystemSupport

/// The async lookup's building. A component with a program of its own
/// (see ``ResolutionProgram``) is built by it, run by the loop every
/// program runs, with each step that suspends awaited in between. Any
/// other is built on the frames the synchronous lookup builds on, whose
/// programs run by the same loop (``run(_:in:)``), with what a frame waits
/// for awaited here. A component that cannot suspend, and so nothing it
/// needs can either, is built by the synchronous path, in the same
/// resolution, so that object-graph sharing, the depth bound, cycles and
/// the failure path hold across the two.
///
/// Each function runs in its caller's isolation (`nonisolated(nonsending)`),
/// and so does the closure that casts a registered async closure's
/// arguments: a lookup from the main actor stays there except while a
/// registered closure runs elsewhere. Components cross only as typed
/// values in the registry's closures, which the compiler checks: each
/// parameter type is `Sendable`, each result `sending`.
extension Factory {
    /// The state of one async resolution: the synchronous one (object-graph
    /// instances, instances published before their properties are set,
    /// waiting injections), and what the async steps add.
    struct AsyncResolution {
        /// Its depth and its components inside their initializer are the
        /// whole resolution's, this one's steps and the synchronous ones' alike.
        var sync = Resolution()
        /// This resolution's token for the creation locks, each of which it
        /// may take again while holding it: asked for only when a singleton is built.
        private var token: Int?
        /// The same for the request scope's creation lock.
        private var scopeToken: Int?

        init() {}

        /// A resolution for what the components `neededBy` need, as ``Resolution/init(neededBy:)`` makes one.
        init(neededBy: [Int]) {
            sync = Resolution(neededBy: neededBy)
        }

        /// This resolution's token for its request scope's creation lock, taken the first time.
        mutating func scopeToken(from lock: AsyncLock) -> Int {
            if let scopeToken { return scopeToken }
            let new = lock.newToken()
            scopeToken = new
            return new
        }

        /// This resolution's token for `factory`'s creation locks, taken the first time.
        mutating func token(in factory: Factory) -> Int {
            if let token { return token }
            let new = factory.newCreationToken()
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
    func instanceAsync(at index: Int?, key: String) async throws -> Instance {
        if let index { return try await instanceAsync(index) }
        guard let (factory, index) = ancestor(answering: key) else { throw unknownKey(key) }
        return try await factory.instanceAsync(index)
    }

    /// The component at `index`, in a resolution of its own, handed to the
    /// caller's isolation: a component the factory built is handed to
    /// whoever asks, as the synchronous lookup hands it to any thread.
    nonisolated(nonsending)
    func instanceAsync(_ index: Int) async throws -> Instance {
        if let ready = try store.shared(index) ?? instanceWithoutSuspending(index) { return ready }
        var resolution = AsyncResolution()
        return try await instanceAsync(index, in: &resolution)
    }

    nonisolated(nonsending)
    func instanceAsync(_ index: Int, in resolution: inout AsyncResolution) async throws -> Instance {
        // What cannot suspend is built synchronously, in the same resolution: it shares the object graph,
        // the depth bound and the components inside their initializer, so a failure names the path from the top.
        guard table.suspensions.canSuspend(index) else { return try instance(index, in: &resolution.sync) }
        if let program = table.programs.program(index), let made = try await instanceAsync(running: program, in: &resolution) {
            return made
        }
        return try await instanceOnFramesAsync(index, in: &resolution)
    }

    /// The instance of the component at `index`, which can suspend, built
    /// on the synchronous lookup's frames (``run(_:in:)``), with what a step
    /// awaits awaited here, and the run resumed where it stopped. So a chain
    /// of components nests no calls here either.
    nonisolated(nonsending)
    private func instanceOnFramesAsync(_ index: Int, in resolution: inout AsyncResolution) async throws -> Instance {
        var stack = BuildStack()
        do {
            var progress = try request(index, onto: &stack, in: &resolution.sync, byProgram: false)
            while true {
                switch progress {
                case .ready(let instance):
                    return instance
                case .pushed:
                    progress = try run(&stack, in: &resolution.sync)
                case .awaiting(.step):
                    // The innermost frame's step that suspends, awaited here as a program's is.
                    let top = stack.frames.count - 1
                    let program = table.programs.frame(stack.frames[top].index).pointee
                    try await awaitStep(program.steps[stack.frames[top].position], of: program, in: stack.frames[top].registers, &resolution)
                    stack.frames[top].position += 1
                    progress = try run(&stack, in: &resolution.sync)
                case .awaiting(let awaited):
                    progress = try await resume(after: awaited, &stack, in: &resolution)
                }
            }
        } catch {
            unwind(&stack, &resolution.sync)
            throw error
        }
    }

    /// Awaits `awaited` for the innermost frame's step (or for the run's
    /// component, with no frame yet), and runs on from there.
    nonisolated(nonsending)
    private func resume(after awaited: BuildProgress.Awaited, _ stack: inout BuildStack,
                        in resolution: inout AsyncResolution) async throws -> BuildProgress {
        switch awaited {
        case .program(let index):
            if let program = table.programs.program(index), let made = try await instanceAsync(running: program, in: &resolution) {
                return try settle(.ready(made), &stack, in: &resolution.sync)
            }
            return try settle(request(index, onto: &stack, in: &resolution.sync, byProgram: false), &stack, in: &resolution.sync)
        case .creationLock(let index):
            return try await resumeHoldingCreationLock(index, &stack, in: &resolution)
        case .scopeLock(let index):
            guard let creation = resolution.sync.scope?.asyncCreation else { throw outsideScope(table.plans[index]) }
            await creation.lock(resolution.scopeToken(from: creation))
            return try settle(request(index, holding: .asyncScope, onto: &stack, in: &resolution.sync), &stack, in: &resolution.sync)
        case .step:
            // Awaited by instanceOnFramesAsync itself.
            return .awaiting(.step)
        }
    }

    /// Takes the creation lock of the singleton at `index`'s group, then builds it, or finds it built meanwhile.
    @inline(never)
    nonisolated(nonsending)
    private func resumeHoldingCreationLock(_ index: Int, _ stack: inout BuildStack,
                                           in resolution: inout AsyncResolution) async throws -> BuildProgress {
        await creationLock(of: index).lock(resolution.token(in: self))
        return try settle(request(index, holding: .asyncCreation, onto: &stack, in: &resolution.sync), &stack, in: &resolution.sync)
    }
}
