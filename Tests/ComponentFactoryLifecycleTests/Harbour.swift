import ComponentFactory
import ComponentFactoryLifecycle
import ServiceLifecycle
import Synchronization

/// What the services of these tests did, in order; a test awaits an entry
/// rather than polling for it, so that a busy machine only delays it.
final class Journal: Sendable {
    private struct State {
        var events: [String] = []
        var waiting: [(entry: String, continuation: CheckedContinuation<Void, Never>)] = []
    }
    private let state = Mutex(State())

    func note(_ entry: String) {
        let ready = state.withLock { state in
            state.events.append(entry)
            let ready = state.waiting.filter { $0.entry == entry }.map(\.continuation)
            state.waiting.removeAll { $0.entry == entry }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    var events: [String] { state.withLock { $0.events } }

    /// Returns once `entry` has been noted.
    func seen(_ entry: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let noted = state.withLock { state in
                if state.events.contains(entry) { return true }
                state.waiting.append((entry, continuation))
                return false
            }
            if noted { continuation.resume() }
        }
    }
}

/// A service that runs until a graceful shutdown, noting when it opens, runs, stops and closes.
final class Dock: Service {
    let name: String
    let journal: Journal
    init(name: String, journal: Journal) { (self.name, self.journal) = (name, journal) }

    func open() async { journal.note("\(name) opened") }
    func close() { journal.note("\(name) closed") }

    func run() async throws {
        journal.note("\(name) running")
        try? await gracefulShutdown()
        journal.note("\(name) stopped")
    }
}

/// A service that, asked to stop, notes it and waits to be let go: so a test sees it stopping.
final class Moorings: Service {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }

    func run() async throws {
        journal.note("moorings running")
        try? await gracefulShutdown()
        journal.note("moorings asked to stop")
        await journal.seen("let go")
    }
}

/// A service whose run fails at once.
final class Wreck: Service {
    struct Sunk: Error {}
    let journal: Journal
    init(journal: Journal) { self.journal = journal }

    func run() async throws {
        journal.note("wreck sinking")
        throw Sunk()
    }

    func close() { journal.note("wreck closed") }
}

/// A service that needs a dock: a lighthouse that warns the ships at it.
final class Lighthouse: Service {
    let dock: Dock
    let journal: Journal
    init(dock: Dock, journal: Journal) { (self.dock, self.journal) = (dock, journal) }

    func close() { journal.note("lighthouse closed") }

    func run() async throws {
        journal.note("lighthouse running")
        try? await gracefulShutdown()
        journal.note("lighthouse stopped")
    }
}

/// A service that returns at once: a ferry making one crossing.
final class Ferry: Service {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    func close() { journal.note("ferry closed") }
    func run() async throws { journal.note("ferry crossed") }
}

/// Shut until opened; a waiter also goes when its task is cancelled.
final class Latch: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var next = 0
    }
    private let state = Mutex(State())

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        let id = state.withLock { state in
            state.next += 1
            return state.next
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let goes = state.withLock { state in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if goes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}

/// A service that runs at once, but is ready only once the test launches it: a ship on the slipway.
final class Slipway: Service, ReadinessReporting {
    let journal: Journal
    let launched = Latch()
    init(journal: Journal) { self.journal = journal }

    func run() async throws {
        journal.note("slipway running")
        try? await gracefulShutdown()
        journal.note("slipway stopped")
    }

    func waitUntilReady() async { await launched.wait() }
}

/// A service that returns before it is ever ready: a skiff that sinks on launch.
final class Skiff: Service, ReadinessReporting {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    func run() async throws { journal.note("skiff returned") }
    func waitUntilReady() async { await Latch().wait() }
}

/// Not a service: a beacon whose colour the configuration sets, reloadable.
final class Beacon: Sendable {
    let colour: String
    let journal: Journal
    init(colour: String, journal: Journal) { (self.colour, self.journal) = (colour, journal) }
    func close() { journal.note("beacon \(colour) closed") }
}

/// Not a service: a tide table.
final class TideTable: Sendable {
    init() {}
}

enum Harbour {
    static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.recognizeServices()
        registry.register(Journal.self) { $0.initializer("init") { Journal() } }
        registry.register(Dock.self) { dock in
            dock.initializer("initWithName:journal:") { (name: String, journal: Journal) in Dock(name: name, journal: journal) }
            dock.callback("open") { (dock: Dock) async in await dock.open() }
            dock.callback("close") { (dock: inout Dock) in dock.close() }
        }
        registry.register(Lighthouse.self) { lighthouse in
            lighthouse.initializer("initWithDock:journal:") { (dock: Dock, journal: Journal) in Lighthouse(dock: dock, journal: journal) }
            lighthouse.callback("close") { (lighthouse: inout Lighthouse) in lighthouse.close() }
        }
        registry.register(Moorings.self) { $0.initializer("initWithJournal:") { (journal: Journal) in Moorings(journal: journal) } }
        registry.register(Wreck.self) { wreck in
            wreck.initializer("initWithJournal:") { (journal: Journal) in Wreck(journal: journal) }
            wreck.callback("close") { (wreck: inout Wreck) in wreck.close() }
        }
        registry.register(Ferry.self) { ferry in
            ferry.initializer("initWithJournal:") { (journal: Journal) in Ferry(journal: journal) }
            ferry.callback("close") { (ferry: inout Ferry) in ferry.close() }
        }
        registry.register(Beacon.self) { beacon in
            beacon.initializer("initWithColour:journal:") { (colour: String, journal: Journal) in Beacon(colour: colour, journal: journal) }
            beacon.callback("close") { (beacon: inout Beacon) in beacon.close() }
        }
        registry.register(TideTable.self) { $0.initializer("init") { TideTable() } }
        registry.register(Slipway.self) { $0.initializer("initWithJournal:") { (journal: Journal) in Slipway(journal: journal) } }
        registry.register(Skiff.self) { $0.initializer("initWithJournal:") { (journal: Journal) in Skiff(journal: journal) } }
        return registry
    }
}
