@_spi(Tooling) import ComponentFactory
import ComponentFactoryLifecycle
import ComponentFactoryTesting
import Logging
import ServiceLifecycle
import Testing

/// A live factory's services in a group, with the watcher that reloads it:
/// a change swaps the reloadable beacon while the services run on, and the
/// graceful shutdown stops the watcher, then the services, each closed once.
@Suite struct LiveServiceGroupTests {
    /// The services' harbour, with a reloadable beacon whose colour the configuration sets.
    static let harbour = ServiceGroupTests.harbour.replacingOccurrences(of: "<assembly>", with: """
        <assembly>
            <property-placeholder location="app.properties"/>
            <component class="Beacon" key="beacon" scope="singleton" reloadable="yes" destroy-method="close">
                <initializer selector="initWithColour:journal:">
                    <argument parameterName="colour" value="${beacon.colour}"/>
                    <argument parameterName="journal" ref="journal"/>
                </initializer>
            </component>
        """)

    @Test(.timeLimit(.minutes(2))) func theWatcherSwapsTheBeaconWhileTheServicesRunAndEverythingClosesOnce() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Assemblies/app.xml", Self.harbour)
        try directory.write("Config/app.properties", "beacon.colour = red\n")
        let live = try await LiveFactory.load(assemblies: [.path(path)], registry: Harbour.registry(),
                                 options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        let journal = try live.factory.component(forKey: "journal", as: Journal.self)
        let configuration = try await live.serviceGroupConfiguration(logger: Logger(label: "test"), pollingEvery: .milliseconds(100),
                                                                     gracefulShutdownSignals: [])
        #expect(configuration.services.map(\.serviceName) == ["dock", "lighthouse", "configuration-watcher"])
        let reloads = live.reloads()
        let group = ServiceGroup(configuration: configuration)
        let running = Task { try await group.run() }
        await journal.seen("lighthouse running")

        // Saved until the watcher, started by now or soon, sees a save.
        let saving = Task {
            while !Task.isCancelled {
                try directory.write("Config/app.properties", "beacon.colour = green\n")
                try await Task.sleep(for: .milliseconds(300))
            }
        }
        var swapped: ReloadEvent?
        for await reload in reloads where reload.outcome == .swapped {
            swapped = reload
            break
        }
        saving.cancel()
        #expect(swapped?.rebuilt == ["beacon"], "\(String(describing: swapped))")
        await journal.seen("beacon red closed")
        #expect(try live.factory.component(forKey: "beacon", as: Beacon.self).colour == "green")
        let inspection = live.inspection()
        #expect(inspection.generation == 2 && inspection.services.map(\.key) == ["dock", "lighthouse"] && inspection.isReady,
                "the services' states outlive the swap, as the services do: \(inspection.services)")

        await group.triggerGracefulShutdown()
        try await running.value
        try await live.shutdown()
        let closed = journal.events.filter { $0.hasSuffix("closed") }
        #expect(closed == ["beacon red closed", "lighthouse closed", "dock closed", "beacon green closed"], "\(journal.events)")
    }
}
