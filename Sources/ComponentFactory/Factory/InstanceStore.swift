import Foundation
import Synchronization

/// The shared instances of one factory: singletons, weak singletons, and
/// the order singletons were created in, for shutdown.
///
/// A built singleton is read without a lock: its slot is an atomic
/// reference, stored with release ordering once the instance is finished and
/// loaded with acquire ordering. An instance once published is never
/// released while the store lives (``drain()`` retires it instead), so a
/// reader racing a shutdown still holds a valid instance. Weak singletons
/// are read under a short lock (a pthread mutex, which ThreadSanitizer
/// understands). Creating an instance happens under a recursive creation
/// lock, so that each singleton is built exactly once even when many threads
/// ask for it at the same moment, while the thread that builds it may
/// resolve other components on the way.
final class InstanceStore: @unchecked Sendable {
    private final class WeakReference: @unchecked Sendable {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private struct State {
        var weakSlots: [Int: WeakReference] = [:]
        var creationOrder: [Int] = []
        /// Every instance ever published, kept until the store goes, so that
        /// a lock-free reader never sees one freed.
        var published: [AnyObject] = []
    }

    /// Each slot is an ``Instance``'s reference, unretained: `published` holds it.
    private let strong: UnsafeMutablePointer<Atomic<Unmanaged<AnyObject>?>>
    /// Which components are weak singletons, by index: held weakly, read under the lock.
    private let isWeak: [Bool]
    private var state = State()
    private let stateLock = NSLock()
    private let creation = NSRecursiveLock()

    init(isWeak: [Bool]) {
        self.isWeak = isWeak
        self.strong = .allocate(capacity: max(isWeak.count, 1))
        for index in isWeak.indices {
            (strong + index).initialize(to: Atomic<Unmanaged<AnyObject>?>(nil))
        }
    }

    deinit {
        strong.deinitialize(count: isWeak.count)
        strong.deallocate()
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        stateLock.withLock { body(&state) }
    }

    /// The shared instance at `index`, if it exists (and, for a weak singleton, is still held).
    @inline(__always)
    func shared(_ index: Int) -> Instance? {
        if let object = strong[index].load(ordering: .acquiring) {
            return Instance(object: object.takeUnretainedValue())
        }
        guard isWeak[index] else { return nil }
        return withState { state in state.weakSlots[index]?.object.map(Instance.init(object:)) }
    }

    /// Keeps `instance` at `index`, weakly for a weak singleton (which, if
    /// it is not a class instance, cannot be held weakly and is not kept).
    func keep(_ index: Int, _ instance: Instance) {
        _ = replace(index, with: instance)
        if !isWeak[index] {
            withState { state in state.creationOrder.append(index) }
        }
    }

    /// Puts `instance`, or nothing, at `index` and returns what was there:
    /// how a patch takes the place of a built singleton, and gives it back.
    /// Call it holding the creation lock.
    func replace(_ index: Int, with instance: Instance?) -> Instance? {
        if isWeak[index] {
            return withState { state in
                let previous = state.weakSlots[index]?.object
                if let instance, instance.isObject {
                    state.weakSlots[index] = WeakReference(instance.object)
                } else {
                    state.weakSlots[index] = nil
                }
                return previous.map(Instance.init(object:))
            }
        }
        if let instance {
            withState { state in state.published.append(instance.object) }  // never freed while a reader may hold it
        }
        let previous = strong[index].exchange(instance.map { Unmanaged.passUnretained($0.object) }, ordering: .acquiringAndReleasing)
        return previous.map { Instance(object: $0.takeUnretainedValue()) }
    }

    /// Runs `body` holding the creation lock.
    func creating<Result>(_ body: () throws -> Result) rethrows -> Result {
        creation.lock()
        defer { creation.unlock() }
        return try body()
    }

    /// Empties the store, returning the singletons newest first.
    func drain() -> [(index: Int, instance: Instance)] {
        creating {
            let order = withState { state -> [Int] in
                defer {
                    state.creationOrder = []
                    state.weakSlots = [:]
                }
                return state.creationOrder.reversed()
            }
            return order.compactMap { index -> (index: Int, instance: Instance)? in
                guard let object = strong[index].exchange(nil, ordering: .acquiringAndReleasing) else { return nil }
                return (index, Instance(object: object.takeUnretainedValue()))
            }
        }
    }
}
