import SystemSupport

/// The async lookup: the build steps the synchronous lookup runs (see
/// ``checkedInstance(_:in:)``), driven by a loop that awaits each step that
/// can suspend, in that step's own isolation. A component that cannot
/// suspend, and so nothing it needs can either, is built as the synchronous
/// lookup builds it, in the same resolution, so that object-graph sharing,
/// the depth bound and the failure path hold across the two.
///
/// Each function runs in its caller's isolation (`nonisolated(nonsending)`),
/// and so does the closure that casts a registered async closure's
/// arguments: a lookup from the main actor stays there except while a
/// registered closure runs elsewhere. Components cross only inside the
/// `Sendable` wrappers that the registry's rules allow.
extension Factory {
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
        var resolution = Resolution()
        return CrossingInstance(try await instanceAsync(index, in: &resolution))
    }

    /// The async driver of the build steps: the component at `index`, built
    /// in `resolution`, awaiting each step that can suspend. The plans are
    /// read through the table at each use, never held across a suspension:
    /// the table holds them for the factory's life.
    nonisolated(nonsending)
    func instanceAsync(_ index: Int, in resolution: inout Resolution) async throws -> Instance {
        var stack = BuildStack(suspends: true)
        var tokens = LockTokens()
        do {
            var move = try begin(index, onto: &stack, in: &resolution)
            while true {
                switch move {
                case .next: move = try self.move(&stack, in: &resolution)
                case .done(let instance): return instance
                case .suspend(let suspension): move = try await resume(after: suspension, &stack, &tokens, in: &resolution)
                }
            }
        } catch {
            unwind(&stack, &resolution)
            throw error
        }
    }

    /// This build's tokens for the creation locks, each taken the first
    /// time: the build may take a lock again while it holds it.
    struct LockTokens {
        var creation: Int?
        var scope: Int?

        static func token(_ token: inout Int?, from lock: AsyncLock) -> Int {
            if let token { return token }
            let new = lock.newToken()
            token = new
            return new
        }
    }

    /// Awaits `suspension`, then the move it ends in.
    nonisolated(nonsending)
    private func resume(after suspension: BuildStack.Suspension, _ stack: inout BuildStack, _ tokens: inout LockTokens,
                        in resolution: inout Resolution) async throws -> Move {
        switch suspension {
        case .make:
            let top = stack.frames.count - 1
            let index = stack.frames[top].index
            guard let makeAsync = table.plans[index].makeAsync else { return .next }
            let arguments = try asyncArguments(of: index, from: &stack, at: stack.frames[top].registers)
            do {
                stack.frames[top].instance = try await makeAsync(arguments).instance
            } catch {
                throw failure(error, building: table.plans[index], within: resolution.constructing)
            }
            stack.frames[top].position += 1
            return .next
        case .callback(let which):
            let top = stack.frames.count - 1
            let index = stack.frames[top].index
            if let runAsync = table.plans[index].callback(which)?.runAsync {
                do {
                    try await runAsync(CrossingInstance(Instance(any: stack.frames[top].value)))
                } catch {
                    throw failure(error, building: table.plans[index], within: resolution.constructing)
                }
            }
            stack.frames[top].position += 1
            return .next
        case .set(let value):
            let top = stack.frames.count - 1
            let index = stack.frames[top].index
            guard case .property(let at) = table.plans[index].steps[stack.frames[top].position],
                  let setAsync = table.plans[index].properties[at].registration.setAsync else { return .next }
            guard await setAsync(CrossingInstance(Instance(any: stack.frames[top].value)), CrossingInstance(value)) else {
                throw table.plans[index].properties[at].mismatch(value.value, of: table.plans[index].key)
            }
            stack.frames[top].position += 1
            return .next
        case .creationLock(let index):
            await asyncCreation.lock(LockTokens.token(&tokens.creation, from: asyncCreation))
            if let shared = store.shared(suspendingSlot(index)) {
                asyncCreation.unlock()
                return try hand(shared, to: &stack)
            }
            stack.push(index, registers: table.plans[index].arguments.count + 1, keep: .store, holdsAsyncCreationLock: true)
            return .next
        case .scopeLock(let index):
            guard let scope = resolution.scope?.takeUnretainedValue(), let creation = scope.asyncCreation else {
                throw outsideScope(table.plans[index])
            }
            await creation.lock(LockTokens.token(&tokens.scope, from: creation))
            let kept: Instance?
            do {
                kept = try scope.existing(index)
            } catch {
                creation.unlock()
                throw error
            }
            if let kept {
                creation.unlock()
                return try hand(kept, to: &stack)
            }
            stack.push(index, registers: table.plans[index].arguments.count + 1, keep: .scope, holdsAsyncScopeLock: true)
            return .next
        case .inherited(let key):
            return try hand(try await instanceAsync(at: index(ofKey: key), key: key).instance, to: &stack)
        }
    }

    /// The arguments of the plan at `index` for its async maker, taken from
    /// the registers from `base`: the receiver, then each argument in order, constants included.
    private func asyncArguments(of index: Int, from stack: inout BuildStack, at base: Int) throws -> AsyncArguments {
        let plan = table.plans[index]
        var arguments = AsyncArguments(receiver: stack.registers[base + plan.arguments.count].take())
        for (position, argument) in plan.arguments.enumerated() {
            if case .constant(let value) = argument {
                arguments.append(value)
            } else if let resolved = stack.registers[base + position].take() {
                arguments.append(resolved)
            } else {
                throw Diagnostic(.buildFailed, "argument \(position + 1) of component '\(plan.key)' was not resolved", at: plan.location)
            }
        }
        return arguments
    }
}
