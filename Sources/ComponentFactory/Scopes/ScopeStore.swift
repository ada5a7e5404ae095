import Foundation

/// The instances of one request scope: those it was seeded with, and the
/// request components built in it, in the order built, for closing.
/// Creating happens under a recursive lock, so that each is built once even
/// when two threads ask one scope at once, while the thread building it may
/// resolve others of the scope on the way.
final class ScopeStore: @unchecked Sendable {
    private var instances: [Int: Instance]
    private var built: [Int] = []
    private var isClosed = false
    private let lock = NSRecursiveLock()

    init(seeded: [Int: Instance]) {
        instances = seeded
    }

    /// The instance at `index`, made by `make` under the lock the first time.
    func instance(_ index: Int, make: () throws -> Instance) throws -> Instance {
        lock.lock()
        defer { lock.unlock() }
        if let kept = instances[index] { return kept }
        guard !isClosed else { throw closedScope() }
        let made = try make()
        if let kept = instances[index] { return kept }  // made already on the way, through a property cycle
        instances[index] = made
        built.append(index)
        return made
    }

    /// The instance at `index`, if the scope has it.
    func existing(_ index: Int) -> Instance? {
        lock.lock()
        defer { lock.unlock() }
        return instances[index]
    }

    /// Keeps `instance`, made by the async path, unless one is there already: the one kept.
    func keep(_ index: Int, _ instance: Instance) throws -> Instance {
        lock.lock()
        defer { lock.unlock() }
        if let kept = instances[index] { return kept }
        guard !isClosed else { throw closedScope() }
        instances[index] = instance
        built.append(index)
        return instance
    }

    /// Closes the scope: the components built in it, newest first, let go of here.
    func close() -> [(index: Int, instance: Instance)] {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return [] }
        isClosed = true
        let closing = built.reversed().compactMap { index in instances[index].map { (index, $0) } }
        instances = [:]
        built = []
        return closing
    }

    private func closedScope() -> Diagnostic {
        Diagnostic(.buildFailed, "this request scope is closed; open a new one", at: nil)
    }
}
