import Foundation

/// The shared instances of one factory: singletons, weak singletons, and
/// the order singletons were created in, for shutdown.
///
/// Reading a built instance takes one short lock (a pthread mutex, which
/// ThreadSanitizer understands). Creating one happens under
/// a recursive creation lock, so that each singleton is built exactly once
/// even when many threads ask for it at the same moment, while the thread
/// that builds it may resolve other components on the way.
final class InstanceStore: @unchecked Sendable {
    /// A component as the store holds it. Components cross threads as the
    /// app hands them out; their own thread safety is theirs to keep.
    private struct Held: @unchecked Sendable {
        let value: Any
    }

    private final class WeakReference: @unchecked Sendable {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private enum Slot: Sendable {
        case empty
        case strong(Held)
        case weak(WeakReference)
    }

    private struct State: Sendable {
        var slots: [Slot]
        var creationOrder: [Int] = []
    }

    private var state: State
    private let stateLock = NSLock()
    private let creation = NSRecursiveLock()

    init(count: Int) {
        state = State(slots: Array(repeating: .empty, count: count))
    }

    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        stateLock.lock()
        defer { stateLock.unlock() }
        return body(&state)
    }

    /// The shared instance at `index`, if it exists (and, for a weak singleton, is still held).
    func shared(_ index: Int) -> Any? {
        withState { state -> Held? in
            switch state.slots[index] {
            case .empty: nil
            case .strong(let held): held
            case .weak(let reference): reference.object.map { Held(value: $0) }
            }
        }?.value
    }

    /// Keeps `instance` at `index`. A weak singleton that is not a class
    /// instance cannot be held weakly, so it is not kept at all.
    func keep(_ index: Int, _ instance: Any, weakly: Bool) {
        let held = Held(value: instance)
        withState { state in
            if weakly {
                guard type(of: held.value) is AnyClass else { return }
                state.slots[index] = .weak(WeakReference(held.value as AnyObject))
            } else {
                state.slots[index] = .strong(held)
                state.creationOrder.append(index)
            }
        }
    }

    /// Runs `body` holding the creation lock.
    func creating<Result>(_ body: () throws -> Result) rethrows -> Result {
        creation.lock()
        defer { creation.unlock() }
        return try body()
    }

    /// Empties the store, returning the singletons newest first.
    func drain() -> [(index: Int, instance: Any)] {
        creating {
            withState { state -> [(index: Int, held: Held)] in
                let order = state.creationOrder.reversed().compactMap { index -> (index: Int, held: Held)? in
                    if case .strong(let held) = state.slots[index] { return (index, held) }
                    return nil
                }
                state.slots = Array(repeating: .empty, count: state.slots.count)
                state.creationOrder = []
                return order
            }.map { ($0.index, $0.held.value) }
        }
    }
}
