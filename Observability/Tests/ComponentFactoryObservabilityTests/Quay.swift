import ComponentFactory
import ServiceLifecycle
import Synchronization

/// What the quay's services did; a test awaits an entry rather than polling for it.
final class Logbook: Sendable {
    private let state = Mutex<(entries: [String], waiting: [(String, CheckedContinuation<Void, Never>)])>(([], []))

    func write(_ entry: String) {
        let ready = state.withLock { state in
            state.entries.append(entry)
            let ready = state.waiting.filter { $0.0 == entry }.map(\.1)
            state.waiting.removeAll { $0.0 == entry }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Returns once `entry` has been written.
    func seen(_ entry: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let written = state.withLock { state in
                if state.entries.contains(entry) { return true }
                state.waiting.append((entry, continuation))
                return false
            }
            if written { continuation.resume() }
        }
    }
}

/// A crane: a service that works until a graceful shutdown.
final class Crane: Service {
    let logbook: Logbook
    init(logbook: Logbook) { self.logbook = logbook }

    func run() async throws {
        logbook.write("crane working")
        try? await gracefulShutdown()
    }
}

/// A signal lamp whose colour a reload changes.
final class Lamp: Sendable {
    let colour: String
    init(colour: String) { self.colour = colour }
}

enum Quay {
    static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.recognizeServices()
        registry.register(Logbook.self) { $0.initializer("init") { Logbook() } }
        registry.register(Crane.self) { $0.initializer("initWithLogbook:") { (logbook: Logbook) in Crane(logbook: logbook) } }
        registry.register(Lamp.self) { $0.initializer("initWithColour:") { (colour: String) in Lamp(colour: colour) } }
        return registry
    }

    /// A logbook, a crane that needs it, and a reloadable lamp.
    static let assembly = """
        <assembly>
            <property-placeholder location="app.properties"/>
            <component class="Logbook" key="logbook" scope="singleton"/>
            <component class="Crane" key="crane" scope="singleton">
                <initializer selector="initWithLogbook:"><argument parameterName="logbook" ref="logbook"/></initializer>
            </component>
            <component class="Lamp" key="lamp" scope="singleton" reloadable="yes">
                <initializer selector="initWithColour:"><argument parameterName="colour" value="${lamp.colour}"/></initializer>
            </component>
        </assembly>
        """
}
