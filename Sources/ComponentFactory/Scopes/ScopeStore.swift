import Foundation

/// The instances of one request scope: those it was seeded with, and the
/// request components built in it, in the order added, for closing. A scope
/// holds a handful: the first eight sit inline in the store, searched from
/// the newest, with no hashing and no allocation of their own (two arrays
/// per scope were a tenth of a request in the scope benchmark); more go on
/// in overflow arrays.
/// Creating happens under a recursive lock, so that each is built once even
/// when two threads ask one scope at once, while the thread building it may
/// resolve others of the scope on the way.
final class ScopeStore: @unchecked Sendable {
    private static let inlineCount = 8
    private var inlineIndexes = InlineArray<8, Int>(repeating: -1)
    private var inlineInstances = InlineArray<8, Instance?>(repeating: nil)
    private var overflowIndexes: [Int] = []
    private var overflowInstances: [Instance] = []
    private var count = 0
    /// How many of the entries, from the start, were seeded rather than built.
    private var seededCount = 0
    private var isClosed = false
    private let lock = NSRecursiveLock()

    /// An empty store, for ``seed(_:_:)`` before the scope is handed out.
    init() {}

    /// Adds a value the scope is seeded with; only while the scope is made, before any component is built.
    func seed(_ index: Int, _ instance: Instance) {
        append(index, instance)
        seededCount += 1
    }

    private func append(_ index: Int, _ instance: Instance) {
        if count < Self.inlineCount {
            inlineIndexes[count] = index
            inlineInstances[count] = instance
        } else {
            overflowIndexes.append(index)
            overflowInstances.append(instance)
        }
        count += 1
    }

    private func entry(_ position: Int) -> (index: Int, instance: Instance?) {
        position < Self.inlineCount
            ? (inlineIndexes[position], inlineInstances[position])
            : (overflowIndexes[position - Self.inlineCount], overflowInstances[position - Self.inlineCount])
    }

    private func find(_ index: Int) -> Instance? {
        var position = count
        while position > 0 {
            position -= 1
            let (found, instance) = entry(position)
            if found == index { return instance }
        }
        return nil
    }

    /// The instance at `index`, made by `make` under the lock the first time.
    func instance(_ index: Int, make: () throws -> Instance) throws -> Instance {
        lock.lock()
        defer { lock.unlock() }
        if let kept = find(index) { return kept }
        guard !isClosed else { throw closedScope() }
        let made = try make()
        // Made already on the way, through a property cycle: that one is kept.
        if let kept = find(index) { return kept }
        append(index, made)
        return made
    }

    /// The instance at `index`, if the scope has it.
    func existing(_ index: Int) -> Instance? {
        lock.lock()
        defer { lock.unlock() }
        return find(index)
    }

    /// Keeps `instance`, made by the async path, unless one is there already: the one kept.
    func keep(_ index: Int, _ instance: Instance) throws -> Instance {
        lock.lock()
        defer { lock.unlock() }
        if let kept = find(index) { return kept }
        guard !isClosed else { throw closedScope() }
        append(index, instance)
        return instance
    }

    /// Closes the scope, letting go of everything in it: when none of its components has a destroy method.
    func discard() {
        lock.lock()
        defer { lock.unlock() }
        isClosed = true
        clear()
    }

    /// Closes the scope: the components built in it, newest first, let go of here.
    func close() -> [(index: Int, instance: Instance)] {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return [] }
        isClosed = true
        var closing: [(index: Int, instance: Instance)] = []
        var position = count
        while position > seededCount {
            position -= 1
            let (index, instance) = entry(position)
            if let instance { closing.append((index, instance)) }
        }
        clear()
        return closing
    }

    private func clear() {
        for position in 0..<min(count, Self.inlineCount) {
            inlineInstances[position] = nil
        }
        overflowIndexes = []
        overflowInstances = []
        count = 0
    }

    private func closedScope() -> Diagnostic {
        Diagnostic(.buildFailed, "this request scope is closed; open a new one", at: nil)
    }
}
