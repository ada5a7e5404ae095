import Foundation

/// The instances of one request scope: those it was seeded with, and the
/// request components built in it, in the order built, for closing. A scope
/// holds a handful, so they sit in two parallel arrays searched from the
/// end, as a resolution's do: no hashing, one allocation each.
/// Creating happens under a recursive lock, so that each is built once even
/// when two threads ask one scope at once, while the thread building it may
/// resolve others of the scope on the way.
final class ScopeStore: @unchecked Sendable {
    private var indexes: [Int]
    private var instances: [Instance]
    /// How many of the entries, from the start, were seeded rather than built.
    private let seededCount: Int
    private var isClosed = false
    private let lock = NSRecursiveLock()

    /// A store seeded with `instances` at `indexes`, with room for `capacity` in all, so that no append grows it.
    init(indexes: [Int], instances: [Instance], capacity: Int) {
        self.indexes = indexes
        self.instances = instances
        self.indexes.reserveCapacity(capacity)
        self.instances.reserveCapacity(capacity)
        seededCount = indexes.count
    }

    private func position(of index: Int) -> Int? {
        var position = indexes.count
        while position > 0 {
            position -= 1
            if indexes[position] == index { return position }
        }
        return nil
    }

    /// The instance at `index`, made by `make` under the lock the first time.
    func instance(_ index: Int, make: () throws -> Instance) throws -> Instance {
        lock.lock()
        defer { lock.unlock() }
        if let position = position(of: index) { return instances[position] }
        guard !isClosed else { throw closedScope() }
        let made = try make()
        // Made already on the way, through a property cycle: that one is kept.
        if let position = position(of: index) { return instances[position] }
        indexes.append(index)
        instances.append(made)
        return made
    }

    /// The instance at `index`, if the scope has it.
    func existing(_ index: Int) -> Instance? {
        lock.lock()
        defer { lock.unlock() }
        return position(of: index).map { instances[$0] }
    }

    /// Keeps `instance`, made by the async path, unless one is there already: the one kept.
    func keep(_ index: Int, _ instance: Instance) throws -> Instance {
        lock.lock()
        defer { lock.unlock() }
        if let position = position(of: index) { return instances[position] }
        guard !isClosed else { throw closedScope() }
        indexes.append(index)
        instances.append(instance)
        return instance
    }

    /// Closes the scope, letting go of everything in it: when none of its components has a destroy method.
    func discard() {
        lock.lock()
        defer { lock.unlock() }
        isClosed = true
        indexes = []
        instances = []
    }

    /// Closes the scope: the components built in it, newest first, let go of here.
    func close() -> [(index: Int, instance: Instance)] {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return [] }
        isClosed = true
        var closing: [(index: Int, instance: Instance)] = []
        var position = indexes.count
        while position > seededCount {
            position -= 1
            closing.append((indexes[position], instances[position]))
        }
        indexes = []
        instances = []
        return closing
    }

    private func closedScope() -> Diagnostic {
        Diagnostic(.buildFailed, "this request scope is closed; open a new one", at: nil)
    }
}
