@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Synchronization
import Testing

/// Components that can suspend and have no program, built by the async
/// lookup on the synchronous lookup's frames: each step that suspends
/// awaited where it stands, and each async creation lock given back by the
/// frame that took it, on success and on failure.
@Suite struct BuildStackAsyncTests {
    /// A class with an async initializer, an async setter and async callbacks.
    final class Station: Sendable {
        let journal: EventLog
        let name: Mutex<String> = Mutex("")
        let lamps: Mutex<[Lamp]> = Mutex([])
        init(journal: EventLog) { self.journal = journal }
    }

    final class Lamp: Sendable {
        let number: Int
        init(number: Int) { self.number = number }
    }

    /// One link of a chain, set by its property.
    final class Link: Sendable {
        let next: Mutex<Link?> = Mutex(nil)
        var length: Int {
            var count = 1
            var current = next.withLock { $0 }
            while let link = current {
                count += 1
                current = link.next.withLock { $0 }
            }
            return count
        }
    }

    /// The instances the test's tasks got.
    final class Seen: Sendable {
        private let identities = Mutex<Set<ObjectIdentifier>>([])
        /// How many different instances have been seen, `object` included.
        func add(_ object: AnyObject) -> Int { identities.withLock { $0.insert(ObjectIdentifier(object)); return $0.count } }
    }

    /// `parts`, if given, fails the station's initializer while it is failing.
    private static func registry(_ journal: EventLog, parts: FailingMaker? = nil) -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Station.self) { station in
            station.initializer("init") { () async throws in
                try await Task.sleep(for: .milliseconds(1))
                journal.record("init")
                return try parts?.make { Station(journal: journal) } ?? Station(journal: journal)
            }
            station.property("name") { (station: Station, name: String) async in
                journal.record("name \(name)")
                station.name.withLock { $0 = name }
            }
            station.property("lamps") { (station: Station, lamps: [Lamp]) in
                journal.record("lamps \(lamps.map(\.number))")
                station.lamps.withLock { $0 = lamps }
            }
            station.callback("before") { (station: Station) async in journal.record("before") }
            station.callback("open") { (station: Station) async in journal.record("open \(station.name.withLock { $0 })") }
        }
        registry.register(Lamp.self) { lamp in
            lamp.initializer("initWithNumber:") { (number: Int) async in
                journal.record("lamp \(number)")
                return Lamp(number: number)
            }
        }
        return registry
    }

    private static func stationAssembly(scope: String) -> String {
        """
        <component class="Station" key="station" scope="\(scope)" lazy-init="yes" before-property-injection="before" init-method="open">
            <property name="name" value="Ghent"/>
            <property name="lamps"><collection><ref>lamp1</ref><ref>lamp2</ref></collection></property>
        </component>
        <component class="Lamp" key="lamp1" scope="prototype">
            <initializer selector="initWithNumber:"><argument parameterName="number" value="1"/></initializer>
        </component>
        <component class="Lamp" key="lamp2" scope="prototype">
            <initializer selector="initWithNumber:"><argument parameterName="number" value="2"/></initializer>
        </component>
        """
    }

    @Test func eachStepThatSuspendsIsAwaitedInItsPlaceInTheBuild() async throws {
        let journal = EventLog()
        let factory = try AssemblyFixture.factory(Self.stationAssembly(scope: "prototype"), registry: Self.registry(journal))
        let station = try await factory.async.component(forKey: "station", as: Station.self)
        #expect(journal.all == ["init", "before", "name Ghent", "lamp 1", "lamp 2", "lamps [1, 2]", "open Ghent"])
        #expect(station.lamps.withLock { $0.map(\.number) } == [1, 2])
    }

    @Test func aSingletonThatSuspendsIsBuiltOnceAndAFailedBuildGivesBackTheAsyncCreationLock() async throws {
        let journal = EventLog()
        let parts = FailingMaker()
        let factory = try AssemblyFixture.factory(Self.stationAssembly(scope: "singleton"), registry: Self.registry(journal, parts: parts))
        await #expect(throws: DiagnosticReport.self) { try await factory.async.component(forKey: "station", as: Station.self) }
        parts.failing.store(false, ordering: .relaxed)
        let seen = Seen()
        for _ in 0..<8 {
            Task.detached {
                guard let station = try? await factory.async.component(forKey: "station", as: Station.self) else { return }
                if seen.add(station) == 1 { parts.done.store(true, ordering: .relaxed) }
            }
        }
        // Long: in the whole suite, hundreds of tasks queue for two threads. A lock kept by the failed build still fails here, only later.
        try await waitForCondition(timeout: .seconds(120)) { parts.done.load(ordering: .relaxed) }
        #expect(try await factory.async.component(forKey: "station", as: Station.self).name.withLock { $0 } == "Ghent")
        #expect(journal.all.filter { $0.hasPrefix("open") }.count == 1, "built once, after the failed build")
    }

    @Test func aRequestComponentThatSuspendsGivesBackTheScopesAsyncCreationLockWhenItsBuildFails() async throws {
        let journal = EventLog()
        let parts = FailingMaker()
        let factory = try AssemblyFixture.factory(Self.stationAssembly(scope: "request"), registry: Self.registry(journal, parts: parts))
        let scope = try factory.openScope()
        await #expect(throws: DiagnosticReport.self) { try await scope.component(forKey: "station", as: Station.self) }
        parts.failing.store(false, ordering: .relaxed)
        Task.detached {
            if (try? await scope.component(forKey: "station", as: Station.self))?.name.withLock({ $0 }) == "Ghent" {
                parts.done.store(true, ordering: .relaxed)
            }
        }
        try await waitForCondition(timeout: .seconds(120)) { parts.done.load(ordering: .relaxed) }
        let first = try await scope.component(forKey: "station", as: Station.self)
        #expect(try await scope.component(forKey: "station", as: Station.self) === first, "one per scope")
        try await scope.close()
    }

    /// A chain of components that can suspend, none with a program (each has
    /// a property), as deep as the bound: built on frames, with no call nested for each.
    @Test func aChainOfSuspendingComponentsAsDeepAsTheBoundIsBuiltOnFrames() async throws {
        var registry = ComponentRegistry()
        registry.register(Link.self) { link in
            link.initializer("init") { () async in Link() }
            link.property("next") { (link: Link, next: Link) in link.next.withLock { $0 = next } }
        }
        func chain(_ count: Int) throws -> Factory {
            let links = (0..<(count - 1)).map { index in
                "<component class=\"Link\" key=\"link\(index)\" scope=\"prototype\"><property name=\"next\" ref=\"link\(index + 1)\"/></component>\n"
            }
            return try AssemblyFixture.factory(links.joined() + "<component class=\"Link\" key=\"link\(count - 1)\" scope=\"prototype\"/>",
                                               registry: registry)
        }
        #expect(try await chain(Factory.maximumNesting).async.component(forKey: "link0", as: Link.self).length == Factory.maximumNesting)
        let error = await #expect(throws: DiagnosticReport.self) {
            try await chain(Factory.maximumNesting + 1).async.component(forKey: "link0", as: Link.self)
        }
        #expect(error?.diagnostics.first?.message.contains("more than \(Factory.maximumNesting) deep") == true)
    }
}
