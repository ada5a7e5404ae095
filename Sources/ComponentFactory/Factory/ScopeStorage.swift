import SystemSupport

/// What a ``RequestScope`` holds besides its factory, in one allocation:
/// in the header, the count of the entries and what never changes after
/// opening; in the tail, the mutex that guards the entries (its first
/// slots, where its address stays put for the object's life), then
/// the entries themselves, the values the scope was seeded with and then
/// the request components built in it, in the order added, for closing
/// newest first. The tail has room for every request component of the
/// factory, which the scope keeps at most one of each: nothing is ever
/// moved, and no entry slot is written until used. A scope holds a handful,
/// searched from the newest by index, with no hashing.
///
/// Any number of tasks may resolve in one scope at once: each request
/// component is built once, under the lock. The lock is not recursive: the
/// resolution that takes it notes so (`Resolution.holdsScopeLock`), and the
/// request components it builds on the way come back here on the same
/// thread without taking it again. A singleton never needs a request
/// component (that is `scope-widening`), so a thread that holds a
/// singleton's creation lock never waits for a scope's. The entries and
/// their count are read and written under the lock only,
/// but by the one caller that closed the scope, which takes the entries
/// out after (no lookup touches an entry of a closed scope); the header's
/// other fields never change after opening, and are read with no lock.
///
/// The lock is a pthread mutex placed in the tail (``PlacedMutex``), so
/// that opening a scope allocates once. Not `Synchronization.Mutex`, for
/// the reason `Locked` gives: its contended path is one ThreadSanitizer
/// does not see.
@usableFromInline
final class ScopeStorage: ManagedBuffer<ScopeStorage.Header, ScopeEntry> {
    @usableFromInline
    struct Header {
        /// The factory the scope is a child of, held for the scope's life.
        @usableFromInline let factory: Factory
        /// Request components whose building can suspend are built one
        /// resolution at a time; nil when the factory has none that can.
        let asyncCreation: AsyncLock?
        /// Whether closing runs destroy methods, which can suspend; if not, it lets the instances go.
        let closingRunsDestroyMethods: Bool
        /// How many entries the tail holds, from its start.
        var count = 0
        /// How many of the entries, from the start, were seeded rather than built.
        var seededCount = 0
        /// Set by ``close()``: a closed scope keeps nothing more.
        var isClosed = false
    }

    /// A new, empty scope over `factory`, which it holds.
    static func open(over factory: Factory) -> ScopeStorage {
        let table = factory.table
        let header = Header(factory: factory, asyncCreation: table.requestComponentsCanSuspend ? AsyncLock() : nil,
                            closingRunsDestroyMethods: table.requestComponentsHaveDestroyMethods)
        // The tail's first slots are the mutex's; the entries follow it.
        let storage = unsafeDowncast(create(minimumCapacity: table.requestComponentCount + lockSlots) { _ in header }, to: ScopeStorage.self)
        storage.withUnsafeMutablePointerToElements { tail in PlacedMutex.initialize(at: tail) }
        return storage
    }

    /// How many of the tail's slots the mutex takes.
    private static var lockSlots: Int { (PlacedMutex.size + MemoryLayout<ScopeEntry>.stride - 1) / MemoryLayout<ScopeEntry>.stride }

    deinit {
        withUnsafeMutablePointers { header, tail in
            Self.letGo(tail + Self.lockSlots, count: header.pointee.count)
            PlacedMutex.deinitialize(at: tail)
        }
    }

    /// The scope's factory.
    @usableFromInline
    var factory: Factory { withUnsafeMutablePointerToHeader { $0.pointee.factory } }

    /// Runs `body` with the scope's factory.
    @inlinable
    func withFactory<Result>(_ body: (Factory) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointerToHeader { try body($0.pointee.factory) }
    }

    var asyncCreation: AsyncLock? { withUnsafeMutablePointerToHeader { $0.pointee.asyncCreation } }
    @usableFromInline
    var closingRunsDestroyMethods: Bool { withUnsafeMutablePointerToHeader { $0.pointee.closingRunsDestroyMethods } }

    /// Runs `body` with the header and the entries, the tail after the mutex.
    private func withEntries<Result>(
        _ body: (UnsafeMutablePointer<Header>, UnsafeMutablePointer<ScopeEntry>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeMutablePointers { header, tail in try body(header, tail + Self.lockSlots) }
    }

    /// Runs `body` with the header and the entries, holding the lock.
    private func withLock<Result>(
        _ body: (UnsafeMutablePointer<Header>, UnsafeMutablePointer<ScopeEntry>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeMutablePointers { header, tail in
            try PlacedMutex.withLock(at: tail) { try body(header, tail + Self.lockSlots) }
        }
    }

    /// Adds a value the scope is seeded with, before it is handed out: with
    /// no lock, since nothing else can reach the scope yet (handing it out
    /// orders this write before every other access).
    func seed(_ index: Int, _ instance: consuming Instance) {
        // Moved in, not copied: a closure cannot consume what it captures, but it can take it out of an optional.
        var moving = Optional(instance)
        withEntries { header, entries in
            if let taken = moving.take() {
                Self.append(index, taken, to: header, entries)
                header.pointee.seededCount += 1
            }
        }
    }

    // MARK: Entries (each with the header and the entries of a scope that the caller holds exclusively)

    /// The instance kept for the component at `index`, if any: searched from the newest.
    private static func find(_ index: Int, in header: UnsafeMutablePointer<Header>, _ entries: UnsafeMutablePointer<ScopeEntry>) -> Instance? {
        var position = header.pointee.count
        while position > 0 {
            position -= 1
            if entries[position].index == index { return entries[position].instance }
        }
        return nil
    }

    /// Lets go of the first `count` entries, each moved out and released:
    /// deinitialized in place, even one at a time, they went through the
    /// runtime's generic destruction and the entry type's value witnesses.
    private static func letGo(_ entries: UnsafeMutablePointer<ScopeEntry>, count: Int) {
        for position in 0..<count {
            _ = (entries + position).move()
        }
    }

    /// Adds `instance`, for the component at `index`, which the scope has
    /// none of: the tail has room for one of each of the factory's request components.
    private static func append(_ index: Int, _ instance: consuming Instance,
                               to header: UnsafeMutablePointer<Header>, _ entries: UnsafeMutablePointer<ScopeEntry>) {
        let count = header.pointee.count
        assert(count < header.pointee.factory.table.requestComponentCount,
               "a scope keeps one instance of each request component")
        (entries + count).initialize(to: ScopeEntry(index: index, instance: instance))
        header.pointee.count = count + 1
    }

    // MARK: Building

    /// The component at `index`, built in this scope by `factory`, the
    /// scope's own (which the scope holds), with the lock held for the whole resolution: one lock
    /// taken per lookup, however many request components it builds.
    func instanceLocked(_ index: Int, of factory: Factory) throws -> Instance {
        var resolution = Resolution()
        resolution.scope = self
        resolution.holdsScopeLock = true
        return try withLock { _, _ in try factory.instance(index, in: &resolution) }
    }

    /// Takes the lock, for a build that gives it back (``unlock()``) once
    /// the request component it builds is kept, or the build fails, and for
    /// a ``ResolutionProgram``'s steps with request components; the
    /// resolution notes that it holds it (`Resolution.holdsScopeLock`).
    func lock() {
        withUnsafeMutablePointerToElements { PlacedMutex.lock(at: $0) }
    }

    func unlock() {
        withUnsafeMutablePointerToElements { PlacedMutex.unlock(at: $0) }
    }

    /// The instance kept for the component at `index`, if any, by a caller
    /// that holds the lock; `build-failed` when the scope is closed.
    func keptHoldingLock(_ index: Int) throws -> Instance? {
        let (isClosed, kept) = withEntries { header, entries in
            header.pointee.isClosed ? (true, nil) : (false, Self.find(index, in: header, entries))
        }
        guard !isClosed else { throw Self.closed() }
        return kept
    }

    /// Keeps `instance` for the component at `index`, which the scope has
    /// none of, by a caller that holds the lock and found the scope open.
    func keepHoldingLock(_ index: Int, _ instance: Instance) {
        withEntries { header, entries in Self.append(index, instance, to: header, entries) }
    }

    /// The instance of the request component at `index`, if the scope has one: for the async path.
    func existing(_ index: Int) throws -> Instance? {
        try withLock { header, entries in
            guard !header.pointee.isClosed else { throw Self.closed() }
            return Self.find(index, in: header, entries)
        }
    }

    /// Keeps `instance`, which the async path built, unless the scope has one already: the one kept.
    func keep(_ index: Int, _ instance: Instance) throws -> Instance {
        try withLock { header, entries in
            guard !header.pointee.isClosed else { throw Self.closed() }
            if let kept = Self.find(index, in: header, entries) { return kept }
            Self.append(index, instance, to: header, entries)
            return instance
        }
    }

    private static func closed() -> Diagnostic {
        Diagnostic(.buildFailed, "this request scope is closed; open a new one", at: nil)
    }

    // MARK: Closing

    /// Closes the scope: true the first time, false when it was closed
    /// already. From then on every lookup in the scope finds it closed under
    /// the lock and touches no entry, so the caller that closed it may take
    /// the entries out with ``popBuilt()``, with no lock.
    func close() -> Bool {
        withLock { header, _ in
            guard !header.pointee.isClosed else { return false }
            header.pointee.isClosed = true
            return true
        }
    }

    /// The newest request component built in the scope, taken out, for its
    /// destroy method; nil when none is left, and then the values the scope
    /// was seeded with are let go. Only for the caller whose ``close()`` gave true.
    func popBuilt() -> ScopeEntry? {
        withEntries { header, entries in
            let count = header.pointee.count
            guard count > header.pointee.seededCount else {
                Self.letGo(entries, count: count)
                (header.pointee.count, header.pointee.seededCount) = (0, 0)
                return nil
            }
            header.pointee.count = count - 1
            return (entries + count - 1).move()
        }
    }

    /// Closes the scope, letting go of everything: when no component of the scope has a destroy method.
    @usableFromInline
    func discard() {
        withLock { header, entries in
            header.pointee.isClosed = true
            Self.letGo(entries, count: header.pointee.count)
            header.pointee.count = 0
        }
    }
}
