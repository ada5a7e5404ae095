#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a ``RequestScope`` holds besides its factory, in one allocation: the
/// entries (the values it was seeded with and the request components built
/// in it), and, in the object's tail, the pthread mutex that guards the
/// entries, where its address stays put for the object's life. A scope with
/// its lock in an object of its own cost two allocations more per request
/// (the lock, and its mutex), a third of opening and closing one.
///
/// Any number of tasks may resolve in one scope at once: each request
/// component is built once, under the lock. The lock is not recursive: the
/// resolution that takes it notes so (`Resolution.holdsScopeLock`), and the
/// request components it builds on the way come back here on the same
/// thread without taking it again. A singleton never needs a request
/// component (that is `scope-widening`), so a thread that holds a
/// singleton's creation lock never waits for a scope's. The entries are
/// read and written under the lock only; the header's other fields never
/// change after opening, and are read with no lock.
///
/// Not `Synchronization.Mutex`, for the reason `Locked` gives: its contended
/// path is one ThreadSanitizer does not see.
@usableFromInline
final class ScopeStorage: ManagedBuffer<ScopeStorage.Header, pthread_mutex_t> {
    @usableFromInline
    struct Header {
        /// The factory the scope is a child of, with no retain: while the
        /// scope is lent to the body of a `withScope`, that call's caller
        /// holds the factory (a retain per request writes a count that
        /// every request's thread writes); `keptFactory` holds it otherwise.
        let factory: Unmanaged<Factory>
        /// The factory, held: from the opening of a scope handed out by
        /// `openScope`, and from the end of a `withScope` whose body kept a
        /// copy of its scope. Written under the lock; never read but by its release.
        var keptFactory: Factory?
        /// Request components whose building can suspend are built one
        /// resolution at a time; nil when the factory has none that can.
        let asyncCreation: AsyncCreationLock?
        /// Whether closing runs destroy methods, which can suspend; if not, it lets the instances go.
        let closingRunsDestroyMethods: Bool
        var entries = ScopeEntries()
    }

    /// A new, empty scope over `factory`, which it holds when `kept`: one
    /// that is not must not outlive the caller's hold on the factory, or be
    /// given ``keepFactory()`` before that ends.
    static func open(over factory: Factory, keeping kept: Bool) -> ScopeStorage {
        // The factory holds its table for its life: read it with no retain.
        let (canSuspend, hasDestroyMethods) = Unmanaged.passUnretained(factory.table)._withUnsafeGuaranteedRef {
            ($0.requestComponentsCanSuspend, $0.requestComponentsHaveDestroyMethods)
        }
        let header = Header(factory: Unmanaged.passUnretained(factory), keptFactory: kept ? factory : nil,
                            asyncCreation: canSuspend ? AsyncCreationLock() : nil,
                            closingRunsDestroyMethods: hasDestroyMethods)
        let storage = unsafeDowncast(create(minimumCapacity: 1) { _ in header }, to: ScopeStorage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            _ = pthread_mutex_init(mutex, nil)
        }
        return storage
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            _ = pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }

    /// The scope's factory, with no retain: see ``Header/factory``.
    @usableFromInline
    var factory: Unmanaged<Factory> { withUnsafeMutablePointerToHeader { $0.pointee.factory } }

    /// Runs `body` with the scope's factory, lent with no retain.
    @inlinable
    func withFactory<Result>(_ body: (Factory) throws -> Result) rethrows -> Result {
        try factory._withUnsafeGuaranteedRef(body)
    }

    /// Holds the factory from now on: when copies of the scope may outlive the caller's hold on it.
    @usableFromInline
    func keepFactory() {
        withLock { _ in
            withUnsafeMutablePointerToHeader { $0.pointee.keptFactory = $0.pointee.factory.takeUnretainedValue() }
        }
    }

    var asyncCreation: AsyncCreationLock? { withUnsafeMutablePointerToHeader { $0.pointee.asyncCreation } }
    @usableFromInline
    var closingRunsDestroyMethods: Bool { withUnsafeMutablePointerToHeader { $0.pointee.closingRunsDestroyMethods } }

    /// Runs `body` with the entries, holding the lock.
    private func withLock<Result>(_ body: (inout ScopeEntries) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { header, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&header.pointee.entries)
        }
    }

    /// Adds a value the scope is seeded with, before it is handed out: with
    /// no lock, since nothing else can reach the scope yet (handing it out
    /// orders this write before every other access).
    func seed(_ index: Int, _ instance: consuming Instance) {
        // Moved in, not copied: a closure cannot consume what it captures, but it can take it out of an optional.
        var moving = Optional(instance)
        withUnsafeMutablePointerToHeader { header in
            if let taken = moving.take() { header.pointee.entries.seed(index, taken) }
        }
    }

    // MARK: Building

    /// The component at `index`, built in this scope by `factory`, the
    /// scope's own (which the scope holds), with the lock held for the whole resolution: one lock
    /// taken per lookup, however many request components it builds.
    func instanceLocked(_ index: Int, of factory: Factory) throws -> Instance {
        var resolution = Resolution()
        resolution.scope = Unmanaged.passUnretained(self)
        resolution.holdsScopeLock = true
        return try withLock { _ in try factory.instance(index, in: &resolution) }
    }

    /// The request component of `plan`, built by `factory` (the scope's
    /// own) the first time, in `resolution`, a synchronous one: under the
    /// lock, which the resolution takes here unless it holds it already,
    /// and keeps while it builds what the component needs.
    func instance(_ plan: ComponentPlan, of factory: Factory, in resolution: inout Resolution) throws -> Instance {
        if resolution.holdsScopeLock { return try instanceHoldingLock(plan, of: factory, in: &resolution) }
        return try withLock { _ in
            resolution.holdsScopeLock = true
            defer { resolution.holdsScopeLock = false }
            return try instanceHoldingLock(plan, of: factory, in: &resolution)
        }
    }

    /// ``instance(_:of:in:)`` once the lock is held: made `direct`ly
    /// (straight through, see ``DirectPlans``) or by the path that checks
    /// everything. The entries are reached through the header for each step,
    /// never across the making, which comes back here for the components it needs.
    private func instanceHoldingLock(_ plan: ComponentPlan, of factory: Factory, direct: Bool = false,
                                     in resolution: inout Resolution) throws -> Instance {
        let index = plan.index
        let (kept, isClosed) = withUnsafeMutablePointerToHeader { ($0.pointee.entries.find(index), $0.pointee.entries.isClosed) }
        if let kept { return kept }
        guard !isClosed else { throw Self.closed() }
        let made = direct ? try factory.makeDirect(plan, in: &resolution) : try factory.build(plan, in: &resolution)
        return withUnsafeMutablePointerToHeader { header in
            // Made already on the way, through a property cycle, which nothing direct can close: that one is kept.
            if !direct, let kept = header.pointee.entries.find(index) { return kept }
            header.pointee.entries.append(index, made)
            return made
        }
    }

    /// The direct request component of `plan` (see ``DirectPlans``), made
    /// by `factory` (the scope's own) straight through the first time, in
    /// `resolution`, under the lock as ``instance(_:of:in:)`` takes it. A
    /// seeded one not given is left to the path that checks everything,
    /// which names what is missing.
    func directInstance(_ plan: ComponentPlan, of factory: Factory, in resolution: inout Resolution) throws -> Instance {
        guard resolution.holdsScopeLock else { return try instance(plan, of: factory, in: &resolution) }
        return try instanceHoldingLock(plan, of: factory, direct: !factory.table.isSeeded[plan.index], in: &resolution)
    }

    /// The instance of the request component at `index`, if the scope has one: for the async path.
    func existing(_ index: Int) -> Instance? {
        withLock { $0.find(index) }
    }

    /// Keeps `instance`, which the async path built, unless the scope has one already: the one kept.
    func keep(_ index: Int, _ instance: Instance) throws -> Instance {
        try withLock { entries in
            if let kept = entries.find(index) { return kept }
            guard !entries.isClosed else { throw Self.closed() }
            entries.append(index, instance)
            return instance
        }
    }

    private static func closed() -> Diagnostic {
        Diagnostic(.buildFailed, "this request scope is closed; open a new one", at: nil)
    }

    // MARK: Closing

    /// Closes the entries, handing back what they held, for the destroy
    /// methods of the components built in the scope; nothing the second time.
    func close() -> ScopeEntries {
        withLock { $0.close() }
    }

    /// Closes the entries, letting go of everything: when no component of the scope has a destroy method.
    @usableFromInline
    func discard() {
        withLock { $0.discard() }
    }
}
