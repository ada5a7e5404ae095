import Synchronization
import SystemSupport

/// The patches of one factory: for a plan index, a stack of replacements for
/// the way its instance is made, newest on top. Only the top one is used.
///
/// Each entry remembers the shared instance it displaced (for a singleton
/// or weak singleton), so that removing it puts that instance back: nested
/// patches unwind to exactly what was there before each one.
///
/// Reading is one atomic load while nothing is patched, which is how a
/// factory outside tests runs.
final class PatchTable: Sendable {
    /// How a patched component is made instead.
    typealias Make = @Sendable () throws -> Any

    private struct Entry {
        let id: Int
        let make: Make
        /// What the shared slot held when this patch was put on.
        var displaced: Instance?
    }

    /// What removing a patch asks of the shared slot.
    enum Removal {
        /// The patch was not found.
        case unknown
        /// It was under another patch: the slot keeps what the newer one made.
        case keepSlot
        /// It was the top one: the slot gets back what it displaced.
        case restoreSlot(index: Int, instance: Instance?)
    }

    /// The stacks, by plan index, and the id the next patch gets.
    private struct State {
        var stacks: [Int: [Entry]] = [:]
        var nextID = 1
    }

    private let state = Locked(State())
    private let patchedCount = Atomic<Int>(0)

    /// The replacement for `index`, if it is patched: one atomic load while nothing is.
    func make(for index: Int) -> Make? {
        guard patchedCount.load(ordering: .acquiring) > 0 else { return nil }
        return state.withLock { $0.stacks[index]?.last?.make }
    }

    /// Whether nothing is patched: one atomic load.
    var isEmpty: Bool {
        patchedCount.load(ordering: .acquiring) == 0
    }

    /// Puts a patch on top of `index`, remembering what the slot held; returns its id.
    func push(_ index: Int, make: @escaping Make, displacing displaced: Instance?) -> Int {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.stacks[index, default: []].append(Entry(id: id, make: make, displaced: displaced))
            patchedCount.add(1, ordering: .releasing)
            return id
        }
    }

    /// Removes the patch `id`, wherever it is in its stack.
    func remove(_ id: Int) -> Removal {
        state.withLock { state in
            for (index, var stack) in state.stacks {
                guard let position = stack.firstIndex(where: { $0.id == id }) else { continue }
                let removed = stack.remove(at: position)
                patchedCount.subtract(1, ordering: .releasing)
                let isTop = position == stack.count
                if !isTop {
                    // The patch above it displaced what this one made; on its removal it must restore what this one displaced.
                    stack[position].displaced = removed.displaced
                }
                state.stacks[index] = stack.isEmpty ? nil : stack
                return isTop ? .restoreSlot(index: index, instance: removed.displaced) : .keepSlot
            }
            return .unknown
        }
    }
}
