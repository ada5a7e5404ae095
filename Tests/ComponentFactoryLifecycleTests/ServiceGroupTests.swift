@_spi(Tooling) import ComponentFactory
import ComponentFactoryLifecycle
import ComponentFactoryTesting
import Logging
import ServiceLifecycle
import Testing

/// The factory's services, handed to a `ServiceGroup`: in dependency order,
/// torn down one by one in reverse, with what the assembly says of each.
@Suite struct ServiceGroupTests {
    /// The lighthouse is defined first, but needs the dock: the dock must start first and stop last.
    static let harbour = """
        <assembly>
            <component class="Journal" key="journal" scope="singleton"/>
            <component class="Lighthouse" key="lighthouse" scope="singleton" destroy-method="close">
                <initializer selector="initWithDock:journal:">
                    <argument parameterName="dock" ref="dock"/>
                    <argument parameterName="journal" ref="journal"/>
                </initializer>
            </component>
            <component class="Dock" key="dock" scope="singleton" init-method="open" destroy-method="close">
                <initializer selector="initWithName:journal:">
                    <argument parameterName="name" value="dock"/>
                    <argument parameterName="journal" ref="journal"/>
                </initializer>
            </component>
        </assembly>
        """

    private func factory(_ assembly: String, properties: String = "") async throws -> Factory {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Assemblies/app.xml", assembly)
        _ = try directory.write("Config/app.properties", properties)
        return try await Factory.loadAsync(assemblies: [.path(path)], registry: Harbour.registry(),
                             options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
    }

    /// A group of the factory's services that no signal shuts down: the test does.
    private static func group(of factory: Factory) async throws -> ServiceGroup {
        ServiceGroup(configuration: try await factory.serviceGroupConfiguration(logger: Logger(label: "test"), gracefulShutdownSignals: []))
    }

    // Each test that runs a group awaits what its services note, bounded by a time limit instead
    // of a poll's time-out: on two cores, other suites' synchronous work can hold the threads for long.
    @Test(.timeLimit(.minutes(2))) func servicesStartInDependencyOrderAndStopAndCloseInReverse() async throws {
        let factory = try await factory(Self.harbour)
        let journal = try factory.component(forKey: "journal", as: Journal.self)
        #expect(journal.events == ["dock opened"], "the async init-method ran at load, before any service")
        let configuration = try await factory.serviceGroupConfiguration(logger: Logger(label: "test"), gracefulShutdownSignals: [])
        #expect(configuration.services.map(\.serviceName) == ["dock", "lighthouse"])
        let group = ServiceGroup(configuration: configuration)
        let running = Task { try await group.run() }
        await journal.seen("dock running")
        await journal.seen("lighthouse running")
        await group.triggerGracefulShutdown()
        try await running.value
        // The lighthouse stops and is closed before the dock it needs is told to stop.
        #expect(Array(journal.events.suffix(4)) == ["lighthouse stopped", "lighthouse closed", "dock stopped", "dock closed"])
        // Shut down already, each exactly once: the factory's own shutdown finds nothing left to close.
        try await factory.async.shutdown()
        #expect(journal.events.filter { $0.hasSuffix("closed") }.count == 2)
    }

    @Test(.timeLimit(.minutes(2))) func theInspectionGivesEachServiceStateAndReadinessOnceAllHaveStarted() async throws {
        let factory = try await factory(Self.harbour)
        let journal = try factory.component(forKey: "journal", as: Journal.self)
        #expect(factory.inspection().services.isEmpty && factory.inspection().isReady, "no service handed to a group: nothing to wait for")
        let group = try await Self.group(of: factory)
        let handed = factory.inspection()
        #expect(handed.services.map(\.key) == ["dock", "lighthouse"] && handed.services.allSatisfy { $0.state == .starting })
        #expect(!handed.isReady, "not ready before the services run")
        let running = Task { try await group.run() }
        await journal.seen("dock running")
        await journal.seen("lighthouse running")
        let up = factory.inspection()
        #expect(up.services.allSatisfy { $0.state == .running } && up.isReady, "\(up.services)")
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(factory.inspection().services.allSatisfy { $0.state == .finished }, "\(factory.inspection().services)")
    }

    @Test(.timeLimit(.minutes(2))) func aServiceThatReportsReadinessIsStartingUntilItIsReady() async throws {
        let assembly = """
            <assembly>
                <component class="Journal" key="journal" scope="singleton"/>
                <component class="Slipway" key="slipway" scope="singleton">
                    <initializer selector="initWithJournal:"><argument parameterName="journal" ref="journal"/></initializer>
                </component>
                <component class="Skiff" key="skiff" scope="singleton" service-finished="ignore">
                    <initializer selector="initWithJournal:"><argument parameterName="journal" ref="journal"/></initializer>
                </component>
            </assembly>
            """
        let factory = try await factory(assembly)
        let journal = try factory.component(forKey: "journal", as: Journal.self)
        let slipway = try factory.component(forKey: "slipway", as: Slipway.self)
        let group = try await Self.group(of: factory)
        let running = Task { try await group.run() }
        await journal.seen("slipway running")
        await journal.seen("skiff returned")
        let states = { Dictionary(uniqueKeysWithValues: factory.inspection().services.map { ($0.key, $0.state) }) }
        try await waitForCondition(timeout: .seconds(100)) { states()["skiff"] == .finished }
        #expect(states()["slipway"] == .starting && !factory.inspection().isReady, "running, but not ready: \(states())")
        slipway.launched.open()
        try await waitForCondition(timeout: .seconds(100)) { states()["slipway"] == .running }
        #expect(factory.inspection().isReady)
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(states() == ["slipway": .finished, "skiff": .finished])
    }

    @Test(.timeLimit(.minutes(2))) func aServiceAskedToStopIsStoppingUntilItReturnsAndOneThatThrowsHasFailed() async throws {
        let assembly = """
            <assembly>
                <component class="Journal" key="journal" scope="singleton"/>
                <component class="Moorings" key="moorings" scope="singleton">
                    <initializer selector="initWithJournal:"><argument parameterName="journal" ref="journal"/></initializer>
                </component>
                <component class="Wreck" key="wreck" scope="singleton" service-failed="ignore" destroy-method="close">
                    <initializer selector="initWithJournal:"><argument parameterName="journal" ref="journal"/></initializer>
                </component>
            </assembly>
            """
        let factory = try await factory(assembly)
        let journal = try factory.component(forKey: "journal", as: Journal.self)
        let group = try await Self.group(of: factory)
        let running = Task { try await group.run() }
        await journal.seen("moorings running")
        // Closed after its failure is noted.
        await journal.seen("wreck closed")
        await group.triggerGracefulShutdown()
        await journal.seen("moorings asked to stop")
        let states = Dictionary(uniqueKeysWithValues: factory.inspection().services.map { ($0.key, $0.state) })
        #expect(states == ["moorings": .stopping, "wreck": .failed], "\(states)")
        journal.note("let go")
        try await running.value
        #expect(factory.inspection().services.first { $0.key == "moorings" }?.state == .finished)
    }

    @Test(.timeLimit(.minutes(2))) func aServiceThatReturnsIsClosedAtOnceWhileTheOthersRunOn() async throws {
        let assembly = """
            <assembly>
                <component class="Journal" key="journal" scope="singleton"/>
                <component class="Ferry" key="ferry" scope="singleton" destroy-method="close" service-finished="ignore">
                    <initializer selector="initWithJournal:"><argument parameterName="journal" ref="journal"/></initializer>
                </component>
                <component class="Dock" key="dock" scope="singleton" destroy-method="close">
                    <initializer selector="initWithName:journal:">
                        <argument parameterName="name" value="dock"/><argument parameterName="journal" ref="journal"/>
                    </initializer>
                </component>
            </assembly>
            """
        let factory = try await factory(assembly)
        let journal = try factory.component(forKey: "journal", as: Journal.self)
        let group = try await Self.group(of: factory)
        let running = Task { try await group.run() }
        await journal.seen("ferry closed")
        await journal.seen("dock running")
        #expect(!journal.events.contains("dock stopped"), "ignore: the group runs on when the ferry returns")
        await group.triggerGracefulShutdown()
        try await running.value
        #expect(journal.events.last == "dock closed")
    }

    @Test func terminationAndBoundsComeFromTheAssemblyThroughPlaceholders() async throws {
        let assembly = Self.harbour
            .replacingOccurrences(of: "<assembly>", with: """
                <assembly><service-group graceful-shutdown-timeout="${shutdown.grace}" cancellation-timeout="5s"/>
                """)
            .replacingOccurrences(of: #"key="dock" scope="singleton""#,
                                  with: #"key="dock" scope="singleton" service-finished="${dock.finished:ignore}" service-failed="shutdown-group""#)
        let factory = try await factory(assembly, properties: "shutdown.grace = 2m\n")
        let configuration = try await factory.serviceGroupConfiguration(logger: Logger(label: "test"))
        #expect(configuration.maximumGracefulShutdownDuration == .seconds(120))
        #expect(configuration.maximumCancellationDuration == .seconds(5))
        let dock = try #require(configuration.services.first { $0.serviceName == "dock" })
        #expect("\(dock.successTerminationBehavior)" == "ignore")
        #expect("\(dock.failureTerminationBehavior)" == "gracefullyShutdownGroup")
        let lighthouse = try #require(configuration.services.first { $0.serviceName == "lighthouse" })
        #expect("\(lighthouse.successTerminationBehavior)" == "cancelGroup", "the default, as swift-service-lifecycle's")
    }

    /// The problems that `validate` finds in `components` with the harbour registry.
    private func problems(_ components: String, properties: String = "") throws -> [Diagnostic] {
        let reading = AssemblyReader.read(bytes: Array("<assembly>\(components)</assembly>".utf8), file: "Assemblies/app.xml")
        #expect(reading.diagnostics.isEmpty, "\(reading.diagnostics)")
        let configuration = Configuration(environment: nil, sources: [InMemoryPropertySource(name: "memory", values: [:])])
        return EnvironmentBuild(assemblies: AssemblySet(documents: [reading.document], diagnostics: reading.diagnostics),
                                     configuration: configuration, registry: Harbour.registry()).diagnostics
    }

    private let journal = #"<component class="Journal" key="journal" scope="singleton"/>"#

    @Test func validateRefusesAMarkedNonServiceAMarkedPrototypeAndAServiceNeedingAPrototype() throws {
        let tides = try problems(journal + #"<component class="TideTable" key="tides" scope="singleton" service="yes"/>"#)
        #expect(tides.map(\.code) == [.notAService])
        #expect(tides.first?.message.contains("its type TideTable is not a Service") == true)
        #expect(tides.first?.location?.line == 1)

        let ferry = try problems(journal + """
            <component class="Ferry" key="ferry" scope="prototype" service="yes">
            <initializer selector="initWithJournal:"><argument parameterName="journal" ref="journal"/></initializer></component>
            """)
        #expect(ferry.map(\.code) == [.invalidAttributeValue])
        #expect(ferry.first?.message.contains("a service runs once, so it must be a singleton") == true)

        let widening = try problems(journal + """
            <component class="Dock" key="dock" scope="prototype">
            <initializer selector="initWithName:journal:"><argument parameterName="name" value="d"/>\
            <argument parameterName="journal" ref="journal"/></initializer></component>
            <component class="Lighthouse" key="lighthouse" scope="singleton">
            <initializer selector="initWithDock:journal:"><argument parameterName="dock" ref="dock"/>\
            <argument parameterName="journal" ref="journal"/></initializer></component>
            """)
        #expect(widening.map(\.code) == [.scopeWidening])
        #expect(widening.first?.message.hasPrefix("service 'lighthouse' needs 'dock', a prototype") == true)
    }

    @Test func validateRefusesBadTerminationsDurationsAndASecondGroup() throws {
        let found = try problems(journal + """
            <service-group graceful-shutdown-timeout="soon"/><service-group/>
            <component class="Ferry" key="ferry" scope="singleton" service-finished="shutdown" service="perhaps">
            <initializer selector="initWithJournal:"><argument parameterName="journal" ref="journal"/></initializer></component>
            """)
        #expect(Set(found.map(\.code)) == [.invalidAttributeValue, .duplicateKey], "\(found)")
        #expect(found.contains { $0.message.contains("'shutdown' is not what a service group can do when a service ends; "
                                                     + "valid: cancel-group, shutdown-group, ignore") })
        #expect(found.contains { $0.message.hasPrefix("service='perhaps' is not yes, no, true or false") })
        #expect(found.contains { $0.message.hasPrefix("'soon' is not a duration") })
        #expect(found.contains { $0.message == "a second <service-group>: an assembly set has one" })
    }
}
