@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Testing

/// `TestFactory.makeAsync`: an eager singleton whose initializer suspends is
/// built during the load, with the patcher's patches in place, including
/// those made or taken off while the load was suspended.
struct TestFactoryAsyncTests {
    /// An engine whose initializer says it has started, then waits to be let go.
    final class SlowEngine: Engine {
        let name = "slow"
    }

    /// The initializer's two signals: it started, and it may finish.
    struct Gate: Sendable {
        let started: AsyncStream<Void>
        let didStart: AsyncStream<Void>.Continuation
        let released: AsyncStream<Void>
        let release: AsyncStream<Void>.Continuation

        init() {
            (started, didStart) = AsyncStream.makeStream(of: Void.self)
            (released, release) = AsyncStream.makeStream(of: Void.self)
        }
    }

    static func files() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/Workshop.xml", """
            <assembly>
                <component class="SlowEngine" key="slow" scope="singleton"/>
                <component class="PetrolEngine" key="engine"/>
                <component class="PetrolEngine" key="spare"/>
            </assembly>
            """)
        return directory
    }

    static func registry(_ gate: Gate, counting builds: Counter = Counter()) -> ComponentRegistry {
        var registry = Workshop.registry()
        registry.register(SlowEngine.self, conformsTo: [(any Engine).self]) { engine in
            engine.initializer { () async -> SlowEngine in
                builds.increment()
                gate.didStart.yield()
                for await _ in gate.released { break }
                return SlowEngine()
            }
        }
        return registry
    }

    @Test func theEagerSingletonThatSuspendsIsBuiltWithThePatchesInPlace() async throws {
        let gate = Gate()
        gate.release.yield()
        let patcher = Patcher()
        try patcher.patch("engine", with: StubEngine("before"))
        let directory = try Self.files()
        let builds = Counter()

        let factory = try await TestFactory.makeAsync(assemblies: [.path(directory.file("Assemblies"))],
                                                      registry: Self.registry(gate, counting: builds),
                                                      options: .test(config: nil), patcher: patcher)

        #expect(builds.value == 1, "the eager singleton was built by the load")
        #expect(try Workshop.engineName(factory) == "before")
        #expect(try await factory.async.component(forKey: "slow", as: (any Engine).self).name == "slow")
        #expect(builds.value == 1)
    }

    @Test func aPatchMadeOrTakenOffWhileTheLoadIsSuspendedHoldsWhenItReturns() async throws {
        let gate = Gate()
        let patcher = Patcher()
        try patcher.patch("spare", with: StubEngine("taken off"))
        let directory = try Self.files()
        let registry = Self.registry(gate)

        async let loading = TestFactory.makeAsync(assemblies: [.path(directory.file("Assemblies"))], registry: registry,
                                                  options: .test(config: nil),
                                                  patcher: patcher)
        for await _ in gate.started { break }
        try patcher.patch("engine", with: StubEngine("during"))
        try patcher.unpatch("spare")
        #expect(throws: PatcherMisuse.alreadyAttached) { try patcher.attach(to: Workshop.factory()) }
        gate.release.yield()
        let factory = try await loading

        #expect(try Workshop.engineName(factory) == "during")
        #expect(try Workshop.engineName(factory, "spare") == "petrol")
        #expect(patcher.patchedKeys == ["engine"])
        patcher.rollback()
        #expect(try Workshop.engineName(factory) == "petrol", "the patch made during the load is the factory's, and comes off")
    }
}
