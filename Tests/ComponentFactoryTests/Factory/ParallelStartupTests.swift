@_spi(Tooling) @_spi(Patching) import ComponentFactory
import Foundation
import Synchronization
import Testing

/// The async load builds eager singletons that suspend along the graph:
/// independent ones at once, each only after everything it needs. Each test
/// builds its own graph (``LayeredGraph``).
@Suite struct ParallelStartupTests {
    /// One of singletons that need each other through a property, with an async initializer.
    final class Ring: Sendable {
        let name: String
        let next = Mutex<Ring?>(nil)
        init(name: String) { self.name = name }
    }

    private static func ringRegistry(built: EventLog) -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Ring.self) { ring in
            ring.initializer("init(name:)") { (name: String) async throws in
                try await Task.sleep(for: .milliseconds(2))
                built.record(name)
                return Ring(name: name)
            }
            ring.property("next") { (ring: Ring, next: Ring) in ring.next.withLock { $0 = next } }
        }
        return registry
    }

    /// `a` and `b` need each other through properties; `c` needs `a`; `d` needs nothing.
    private static func rings(lazy: Bool) -> String {
        let scope = lazy ? "scope=\"singleton\" lazy-init=\"yes\"" : "scope=\"singleton\""
        return ["a": "b", "b": "a", "c": "a", "d": nil].sorted { $0.key < $1.key }.map { name, next in
            """
            <component class="Ring" key="\(name)" \(scope)>
                <initializer selector="init(name:)"><argument parameterName="name" value="\(name)"/></initializer>
                \(next.map { "<property name=\"next\" ref=\"\($0)\"/>" } ?? "")
            </component>
            """
        }.joined(separator: "\n")
    }

    @Test func singletonsInACycleThroughPropertiesAreBuiltTogetherAtLoadAndOnce() async throws {
        let built = EventLog()
        let factory = try await Factory.loadAsync(assemblies: AssemblyFixture.assemblies(Self.rings(lazy: false)),
                                                  configuration: AssemblyFixture.configuration([:]), registry: Self.ringRegistry(built: built)).factory
        #expect(built.all.sorted() == ["a", "b", "c", "d"])
        let a = try await factory.async.component(forKey: "a", as: Ring.self)
        let b = try await factory.async.component(forKey: "b", as: Ring.self)
        #expect(a.next.withLock { $0 } === b && b.next.withLock { $0 } === a)
        #expect(try await factory.async.component(forKey: "c", as: Ring.self).next.withLock { $0 } === a)
    }

    /// Were each singleton of the cycle under a creation lock of its own, a
    /// task that began at `a` and one that began at `b` would each hold one
    /// and wait for the other's.
    @Test(.timeLimit(.minutes(1))) func tasksEnteringACycleThroughPropertiesFromEitherEndNeitherDeadlockNorBuildTwice() async throws {
        for _ in 0..<50 {
            let built = EventLog()
            let factory = try AssemblyFixture.factory(Self.rings(lazy: true), registry: Self.ringRegistry(built: built))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for key in ["a", "b", "c", "b", "a", "c"] {
                    group.addTask { _ = try await factory.async.component(forKey: key, as: Ring.self) }
                }
                try await group.waitForAll()
            }
            #expect(built.all.sorted() == ["a", "b", "c"])
        }
    }

    @Test func fiftySingletonsFiveLevelsDeepThatEachWait100MillisecondsAreReadyAlongTheGraph() async throws {
        let graph = LayeredGraph()
        let factory = try await graph.load(registry: graph.registry(waiting: .milliseconds(100)))
        let built = graph.record.built
        #expect(built.count == 50)
        #expect(Set(built.map(\.name)) == Set(graph.names), "each built once")
        let ended = Dictionary(uniqueKeysWithValues: built.map { ($0.name, $0.ended) })
        for construction in built {
            let parts = construction.name.dropFirst().split(separator: "-").compactMap { Int($0) }
            for need in graph.needs(of: parts[0], parts[1]) {
                #expect(try #require(ended[need]) <= construction.began, "\(construction.name) began after \(need) was built")
            }
        }
        // Within the whole suite, other tests hold the two cores and delay every task by seconds,
        // so the 0.5 s (against 5 s) is parallel-startup-benchmark's to measure; here, the shape.
        #expect(graph.record.mostAtOnce >= 10, "a whole level at once")
        let top = try await factory.async.component(forKey: "n1-0", as: LayeredGraph.Node.self)
        #expect(top.below?.below?.name == "n3-0")
        try await factory.async.shutdown()
    }

    @Test func theLoadsTimelineHoldsEachConstructionWhereItRan() async throws {
        let graph = LayeredGraph(levels: 2, width: 2)
        let factory = try await graph.load(registry: graph.registry(waiting: .milliseconds(20)))
        let constructions = factory.inspection().startup?.components ?? []
        #expect(Set(constructions.map(\.key)) == Set(graph.names))
        let top = try #require(constructions.first { $0.key == "n1-0" })
        let below = try #require(constructions.first { $0.key == "n2-0" })
        #expect(below.startMilliseconds + below.durationMilliseconds <= top.startMilliseconds + 0.001)
        try await factory.async.shutdown()
    }

    @Test func aFailureAtDepthThreeCancelsWhatIsBuildingReportsItsChainAtOnceAndDestroysWhatWasBuiltInReverse() async throws {
        let graph = LayeredGraph()
        let registry = graph.registry(waiting: .milliseconds(100), failing: "n3-4", after: .milliseconds(50))
        let error = await #expect(throws: DiagnosticReport.self) { try await graph.load(registry: registry) }
        #expect(graph.record.failedAt != nil)
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.code == .buildFailed)
        #expect(diagnostic.message.contains("the connection was refused"))
        #expect(diagnostic.message.range(of: #"\(n1-\d → n2-\d → n3-4\)"#, options: .regularExpression) != nil, "\(diagnostic.message)")
        #expect(diagnostic.location?.line == AssemblyFixture.line(of: "key=\"n3-4\"", in: graph.components))
        #expect(error?.diagnostics.count == 1, "the cancelled ones are not news: \(String(describing: error))")

        let built = graph.record.built.map(\.name)
        #expect(Set(built) == Set(graph.names.filter { $0.hasPrefix("n4-") || $0.hasPrefix("n5-") }),
                "levels four and five were built; the rest of level three was cancelled, not awaited")
        #expect(!graph.record.begun.contains { $0.hasPrefix("n1-") || $0.hasPrefix("n2-") }, "nothing above the failure began")
        #expect(graph.record.destroyed.sorted() == built.sorted(), "what was built was destroyed")
        #expect(graph.record.destroyed.first?.hasPrefix("n4-") == true && graph.isDestructionOrder(graph.record.destroyed),
                "newest first: \(graph.record.destroyed)")
    }

    @Test func anEagerSingletonThatCannotSuspendIsBuiltBeforeTheOnesThatCan() async throws {
        let graph = LayeredGraph(levels: 1, width: 2)
        var registry = graph.registry(waiting: .milliseconds(5))
        let log = EventLog()
        registry.register(ElectricEngine.self) { engine in
            engine.initializer { log.record("ElectricEngine"); return ElectricEngine() }
        }
        let factory = try await Factory.loadAsync(
            assemblies: AssemblyFixture.assemblies(graph.components + "\n<component class=\"ElectricEngine\" key=\"engine\" scope=\"singleton\"/>"),
            configuration: AssemblyFixture.configuration([:]), registry: registry).factory
        #expect(log.all == ["ElectricEngine"])
        #expect(graph.record.built.count == 2)
        #expect(factory.inspection().startup?.components.first?.key == "engine")
        try await factory.async.shutdown()
    }

    /// Run under ThreadSanitizer by CI, with short waits: many loads, each
    /// building every singleton exactly once, however the tasks interleave.
    @Test func twoHundredParallelLoadsBuildEachSingletonOnce() async throws {
        for _ in 0..<200 {
            let graph = LayeredGraph()
            let factory = try await graph.load(registry: graph.registry(waiting: .microseconds(200)))
            let built = graph.record.built.map(\.name)
            #expect(built.count == 50 && Set(built) == Set(graph.names))
            try await factory.async.shutdown()
            #expect(graph.record.destroyed.count == 50 && graph.isDestructionOrder(graph.record.destroyed))
        }
    }

    @Test func concurrentLookupsOfTwoIndependentLazySingletonsBuildThemAtOnce() async throws {
        let graph = LayeredGraph(levels: 1, width: 2)
        let lazy = graph.components.replacingOccurrences(of: "scope=\"singleton\"", with: "scope=\"singleton\" lazy-init=\"yes\"")
        let factory = try AssemblyFixture.factory(lazy, registry: graph.registry(waiting: .milliseconds(100)))
        async let first = factory.async.component(forKey: "n1-0", as: LayeredGraph.Node.self)
        async let second = factory.async.component(forKey: "n1-1", as: LayeredGraph.Node.self)
        _ = try await (first, second)
        #expect(graph.record.mostAtOnce == 2, "each has a creation lock of its own")
        try await factory.async.shutdown()
    }
}
