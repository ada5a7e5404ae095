@_spi(Patching) @_spi(Tooling) import ComponentFactory
import SystemSupport

/// Swaps components of one factory for test doubles, and puts them back.
///
/// A patch replaces how a component is made, by key: with one object, or
/// with a closure that the factory calls in the definition's own scope (for
/// every reference of a prototype, once for a singleton). Patch before the
/// factory loads, so that eager singletons are built with the double, or
/// after, on a factory in use. Patches of the same key nest: ``unpatch(_:)``
/// takes off the newest one, ``rollback()`` takes off all of them, newest
/// first, and a singleton that a patch set aside comes back as it was.
///
/// ```swift
/// let patcher = Patcher()
/// try patcher.patch("transport", with: RecordingTransport())
/// let factory = try await TestFactory.makeAsync(assemblies: ["Assemblies/Tweeter.xml"], registry: TweeterRegistry.make(),
///                                               patcher: patcher)
/// // … exercise the client, then check what the transport recorded
/// patcher.rollback()
/// ```
///
/// Components built before a patch keep what they were given: patch first,
/// then build what depends on the patched key. A patcher serves one factory;
/// it has no global state, so tests stay independent.
public final class Patcher: Sendable {
    /// One patch of this patcher: the key, how to make it, and its id once on a factory.
    private struct Applied {
        /// Which patch this is, as long as the patcher lives.
        let serial: Int
        let key: String
        let make: @Sendable () throws -> Any
        var id: Int?
    }

    /// A test double crosses to whichever thread resolves it, as every component does.
    private struct Unchecked: @unchecked Sendable {
        let value: Any
    }

    /// What the patcher holds, behind its lock.
    private struct State {
        var applied: [Applied] = []
        var nextSerial = 0
        var factory: Factory?
        /// An async load is under way: no other load or attach may start.
        var loading = false

        /// Records `factory` as the one the patcher serves, and the ids its patches got there.
        mutating func serve(_ factory: Factory, patchIDs: [Int]) {
            for (position, id) in zip(applied.indices, patchIDs) {
                applied[position].id = id
            }
            self.factory = factory
        }
    }

    private let state = Locked(State())

    /// A patcher with no patches, attached to no factory yet.
    public init() {}

    /// The keys patched now, oldest first (a key patched twice appears twice).
    public var patchedKeys: [String] {
        state.withLock { $0.applied.map(\.key) }
    }

    /// Makes `key` resolve to `object`.
    public func patch(_ key: String, with object: Any) throws {
        let boxed = Unchecked(value: object)
        try patch(key) { boxed.value }
    }

    /// Makes `key` resolve to what `make` returns, called as the
    /// definition's scope says. What it throws fails the resolution, with
    /// the key and path, like a registered initializer's error.
    public func patch(_ key: String, _ make: @escaping @Sendable () throws -> Any) throws {
        try state.withLock { state in
            var patch = Applied(serial: state.nextSerial, key: key, make: make)
            state.nextSerial += 1
            if let factory = state.factory {
                patch.id = try factory.patch(key: key, make)
            }
            state.applied.append(patch)
        }
    }

    /// Takes off the newest patch of `key`: the patch under it, or the
    /// definition, makes the component again.
    public func unpatch(_ key: String) throws {
        try state.withLock { state in
            guard let position = state.applied.lastIndex(where: { $0.key == key }) else {
                throw PatcherMisuse.notPatched(key: key, patched: state.applied.map(\.key))
            }
            let patch = state.applied.remove(at: position)
            if let id = patch.id {
                state.factory?.unpatch(id)
            }
        }
    }

    /// Takes off every patch, newest first.
    public func rollback() {
        state.withLock { state in
            for patch in state.applied.reversed() {
                if let id = patch.id {
                    state.factory?.unpatch(id)
                }
            }
            state.applied = []
        }
    }

    /// Puts the patches made so far on `factory`, which is already loaded;
    /// later patches go on it at once.
    public func attach(to factory: Factory) throws {
        try state.withLock { state in
            guard state.factory == nil, !state.loading else { throw PatcherMisuse.alreadyAttached }
            var ids: [Int] = []
            do {
                for patch in state.applied {
                    ids.append(try factory.patch(key: patch.key, patch.make))
                }
            } catch {
                ids.forEach(factory.unpatch)
                throw error
            }
            state.serve(factory, patchIDs: ids)
        }
    }

    /// Loads a factory with the patches made so far already in place, so
    /// that even its eager singletons see them; later patches go on it at once.
    @_spi(Tooling)
    public func load(assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry) throws -> Factory {
        try load { patches in
            try Factory.load(assemblies: assemblies, configuration: configuration, registry: registry, patches: patches)
        }
    }

    /// Loads a factory with `build`, handing it the patches made so far, and serves it.
    func load(_ build: ([(key: String, make: @Sendable () throws -> Any)]) throws -> (factory: Factory, patchIDs: [Int])) throws -> Factory {
        try state.withLock { state in
            guard state.factory == nil, !state.loading else { throw PatcherMisuse.alreadyAttached }
            let loaded = try build(state.applied.map { (key: $0.key, make: $0.make) })
            state.serve(loaded.factory, patchIDs: loaded.patchIDs)
            return loaded.factory
        }
    }

    /// Loads a factory with `build`, which may suspend, handing it the
    /// patches made so far, and serves it. The lock is not held while
    /// `build` runs: a patch made or taken off meanwhile is put on, or taken
    /// off, the new factory before this returns.
    nonisolated(nonsending) func loadAsync(
        _ build: ([(key: String, make: @Sendable () throws -> Any)]) async throws -> (factory: Factory, patchIDs: [Int])
    ) async throws -> Factory {
        let given = try state.withLock { state in
            guard state.factory == nil, !state.loading else { throw PatcherMisuse.alreadyAttached }
            state.loading = true
            return state.applied
        }
        defer { state.withLock { $0.loading = false } }
        let loaded = try await build(given.map { (key: $0.key, make: $0.make) })
        try state.withLock { state in
            let placed = Dictionary(uniqueKeysWithValues: zip(given.map(\.serial), loaded.patchIDs))
            let kept = Set(state.applied.map(\.serial))
            for (serial, id) in placed where !kept.contains(serial) {
                loaded.factory.unpatch(id)
            }
            var ids: [Int] = []
            for patch in state.applied {
                ids.append(try placed[patch.serial] ?? loaded.factory.patch(key: patch.key, patch.make))
            }
            state.serve(loaded.factory, patchIDs: ids)
        }
        return loaded.factory
    }
}
