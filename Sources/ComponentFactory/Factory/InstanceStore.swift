import CSystemSupport
import Synchronization
import SystemSupport

/// The shared instances of one factory: singletons, weak singletons, and
/// the order they were created in, for shutdown.
///
/// A built singleton is read without a lock: its slot is an atomic
/// reference, stored with release ordering once the instance is finished and
/// loaded with acquire ordering. A reader marks itself inside a read section
/// (``ReadSections``: a plain store to a record of its thread's own) while it
/// loads and retains the instance; a slot that holds nothing needs no mark.
/// Whoever takes an instance out of a slot (shutdown, a patch, a reload)
/// first empties the slot, then waits for a grace period, as read-copy-update
/// does: every read section that might have seen the old instance has ended.
/// After that no reader can still be about to retain it, so it may be
/// released, and its destroy callback run, without any reader handing it
/// out afterwards. The store owns exactly the instances in its slots, so
/// memory stays flat however often they change.
///
/// Weak singletons are read under a short lock (a pthread mutex, which
/// ThreadSanitizer understands). Creating an instance happens under a
/// recursive creation lock (a recursive pthread mutex, ``Locked``), so that each singleton is built exactly once
/// even when many threads ask for it at the same moment, while the thread
/// that builds it may resolve other components on the way.
final class InstanceStore: @unchecked Sendable {
    // @unchecked: its slots are atomics in memory of its own, read with no lock (the rows named on `strong` and `sections`), and hand built components to any thread.
    private final class WeakReference {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private struct State {
        var weakSlots: [Int: WeakReference] = [:]
        /// When each singleton and weak singleton was last built, by index:
        /// one entry per component, however often a weak one is rebuilt.
        var built: [Int: Int] = [:]
        var builds = 0
        /// The instance in each strong slot, owned here: the slot itself holds it unowned.
        var owned: [Int: AnyObject] = [:]
    }

    /// Each slot is an ``Instance``'s reference, unowned: `owned` holds it.
    // Unmanaged, in an atomic, not read under the store's lock; needed by: singleton by key, singleton by handle, Benchmarks/README §Lookups.
    private let strong: UnsafeMutablePointer<Atomic<Unmanaged<AnyObject>?>>
    /// Which components are weak singletons, by index: held weakly, read under the lock.
    private let isWeak: [Bool]
    /// Where readers mark their lock-free reads, and a writer waits for them.
    // ReadSections, not the store's mutex; needed by: singleton by key (against Spring), singleton by handle, Benchmarks/README §Lookups.
    private let sections = ReadSections.shared
    private let state = Locked(State())
    private let creation = Locked(recursive: true)
    /// How many plans the store keeps instances for: each has two slots (see ``slots(of:planCount:)``).
    let planCount: Int

    /// A store for plans whose `isWeak` says which are weak singletons, by plan index: two slots each.
    init(isWeak: [Bool]) {
        self.planCount = isWeak.count
        self.isWeak = isWeak + isWeak
        self.strong = .allocate(capacity: max(self.isWeak.count, 1))
        for index in self.isWeak.indices {
            (strong + index).initialize(to: Atomic<Unmanaged<AnyObject>?>(nil))
        }
    }

    /// The two slots of the plan at `index` among `planCount`: the first, which
    /// the synchronous lookup reads, and past every plan's first, the one a plan
    /// that can suspend keeps its instance in, so that the synchronous lookup
    /// never hands out what the async lookup built. The one owner of that rule.
    static func slots(of index: Int, planCount: Int) -> [Int] {
        [index, suspendingSlot(of: index, planCount: planCount)]
    }

    /// The second of them: past every plan's first.
    static func suspendingSlot(of index: Int, planCount: Int) -> Int {
        index + planCount
    }

    /// The two slots of the plan at `index`.
    func slots(of index: Int) -> [Int] {
        Self.slots(of: index, planCount: planCount)
    }

    /// The slot where a plan that can suspend keeps its instance.
    func suspendingSlot(_ index: Int) -> Int {
        Self.suspendingSlot(of: index, planCount: planCount)
    }

    /// The index of the plan whose instance `slot` holds.
    func plan(ofSlot slot: Int) -> Int {
        slot % max(planCount, 1)
    }

    deinit {
        strong.deinitialize(count: isWeak.count)
        strong.deallocate()
    }

    /// The shared instance at `index`, if it exists (and, for a weak singleton, is still held).
    func shared(_ index: Int) -> Instance? {
        var object: Instance?
        // An empty slot (a prototype's, or a singleton not built yet) hands nothing out: no mark needed.
        if strong[index].load(ordering: .acquiring) != nil {
            let section = sections.enter()
            // Retained here, inside the section, so that a grace period covers it.
            object = strong[index].load(ordering: .acquiring).map { Instance(object: $0.takeUnretainedValue()) }
            sections.leave(section)
        }
        if let object { return object }
        guard isWeak[index] else { return nil }
        return state.withLock { state in state.weakSlots[index]?.object.map(Instance.init(object:)) }
    }

    /// Keeps `instance` at `index`, weakly for a weak singleton (which, if
    /// it is not a class instance, cannot be held weakly and is not kept).
    func keep(_ index: Int, _ instance: Instance) {
        _ = replace(index, with: instance)
        state.withLock { state in
            state.built[index] = state.builds
            state.builds += 1
        }
    }

    /// Puts `instance`, or nothing, at `index` and returns what was there:
    /// how a patch takes the place of a built singleton, and gives it back.
    /// Call it holding the creation lock.
    func replace(_ index: Int, with instance: Instance?) -> Instance? {
        if isWeak[index] {
            return state.withLock { state in
                let previous = state.weakSlots[index]?.object
                if let instance, instance.isObject {
                    state.weakSlots[index] = WeakReference(instance.object)
                } else {
                    state.weakSlots[index] = nil
                }
                return previous.map(Instance.init(object:))
            }
        }
        let previous = state.withLock { state -> AnyObject? in
            let previous = state.owned[index]
            state.owned[index] = instance?.object
            return previous
        }
        strong[index].store(instance.map { Unmanaged.passUnretained($0.object) }, ordering: .sequentiallyConsistent)
        // The caller may drop what it gets back: no reader may still be about to retain it.
        if previous != nil { waitForReaders() }
        return previous.map(Instance.init(object:))
    }

    /// Runs `body` holding the creation lock.
    func creating<Result>(_ body: () throws -> Result) rethrows -> Result {
        try creation.withLock(body)
    }

    /// Takes the creation lock, for a build that gives it back once the
    /// singleton it builds is kept, or the build fails (``unlockCreation()``).
    func lockCreation() {
        creation.lock()
    }

    func unlockCreation() {
        creation.unlock()
    }

    /// Empties the store, returning the singletons and the weak singletons
    /// still held, newest first. No read in progress can hand one out after this returns.
    func drain() -> [(index: Int, instance: Instance)] {
        creating {
            let (order, owned, weak) = state.withLock { state in
                defer { state = State() }
                return (state.built.sorted { $0.value > $1.value }.map(\.key), state.owned, state.weakSlots)
            }
            for index in owned.keys {
                strong[index].store(nil, ordering: .sequentiallyConsistent)
            }
            waitForReaders()
            return order.compactMap { index -> (index: Int, instance: Instance)? in
                if isWeak[index] { return weak[index]?.object.map { (index, Instance(object: $0)) } }
                return owned[index].map { (index, Instance(object: $0)) }
            }
        }
    }

    /// Takes the shared instance at `index` out, as ``drain()`` takes them
    /// all: nil when none is there. No read in progress can hand it out after this returns.
    func take(_ index: Int) -> Instance? {
        creating {
            let instance = replace(index, with: nil)
            state.withLock { state in _ = state.built.removeValue(forKey: index) }
            return instance
        }
    }

    /// Takes the shared instances at `slots` out, newest first, as
    /// ``drain()`` takes them all: what a live factory's reload replaced.
    func take(_ slots: Set<Int>) -> [(index: Int, instance: Instance)] {
        creating {
            let order = state.withLock { state in state.built.filter { slots.contains($0.key) }.sorted { $0.value > $1.value }.map(\.key) }
            return order.compactMap { index in take(index).map { (index, $0) } }
        }
    }

    /// A grace period: every lock-free read that started before it has ended.
    private func waitForReaders() {
        sections.waitForReaders()
    }
}
