@_spi(Patching) @_spi(Tooling) import ComponentFactory
@_spi(Tooling) import ComponentFactoryTesting
import Synchronization
import Testing

/// The `.factory(…)` trait: each test case its own factory, through a
/// task-local, so that parallel tests never see each other's patches.
struct FactoryTraitTests {
    /// A workshop factory whose engine is patched with a stub named `name`, made for one test case.
    static func patched(_ name: String) -> FactoryTrait {
        .factory { patcher in
            try patcher.patch("engine") { StubEngine(name) }
            return try patcher.load(assemblies: Workshop.assemblies(engineScope: "singleton"), configuration: Workshop.configuration,
                                    registry: Workshop.registry())
        }
    }

    /// Reads the engine through the task-local several times, yielding between reads, so the cases interleave.
    static func engines() async throws -> [String] {
        var names: [String] = []
        for _ in 0..<3 {
            names.append(try TestFactory.current.component(forKey: "car", as: Car.self).engine.name)
            await Task.yield()
        }
        return names
    }

    @Test(patched("left"), arguments: 0..<1_000)
    func oneTestPatchesTheEngineOneWay(run: Int) async throws {
        #expect(try await Self.engines() == ["left", "left", "left"])
    }

    @Test(patched("right"), arguments: 0..<1_000)
    func anotherPatchesTheSameKeyAnotherWayAtTheSameTime(run: Int) async throws {
        #expect(try await Self.engines() == ["right", "right", "right"])
    }

    @Test(patched("own"), arguments: 0..<2)
    func eachCaseHasAFactoryOfItsOwn(run: Int) throws {
        let factory = try TestFactory.current
        #expect(try factory.component(forKey: "engine", as: (any Engine).self).name == "own")
        _ = try factory.patch(key: "engine") { StubEngine("changed in case \(run)") }
        #expect(try TestFactory.current.component(forKey: "engine", as: (any Engine).self).name == "changed in case \(run)")
    }

    @Test func outsideATestWithAFactoryThereIsNone() {
        #expect(throws: NoTestFactory()) { try TestFactory.current }
        #expect(NoTestFactory().description.contains(".factory(…) trait"))
    }

    /// A component whose destroy method notes that it ran.
    final class Shop: Sendable {
        private let closedFlag = Atomic<Bool>(false)
        var closed: Bool { closedFlag.load(ordering: .relaxed) }
        func close() { closedFlag.store(true, ordering: .relaxed) }
    }

    static func shopFactory() throws -> Factory {
        var registry = ComponentRegistry()
        registry.register(Shop.self) { shop in
            shop.initializer("init") { Shop() }
            shop.callback("close") { (shop: inout Shop) in shop.close() }
        }
        let xml = #"<assembly><component class="Shop" key="shop" scope="singleton" destroy-method="close"/></assembly>"#
        return try Factory(assemblies: AssemblySet(documents: [AssemblyReader.read(bytes: Array(xml.utf8), file: "Shop.xml").document]),
                           configuration: Workshop.configuration, registry: registry)
    }

    @Test func withFactoryMakesItCurrentAndShutsItDownAfterEvenWhenTheBodyThrows() async throws {
        let factory = try Self.shopFactory()
        let shop = try factory.component(forKey: "shop", as: Shop.self)
        let current = try await TestFactory.withFactory(factory) { _ in try TestFactory.current }
        #expect(current === factory)
        #expect(shop.closed, "the destroy method ran when the body returned")

        struct Failed: Error {}
        let other = try Self.shopFactory()
        let otherShop = try other.component(forKey: "shop", as: Shop.self)
        await #expect(throws: Failed.self) { try await TestFactory.withFactory(other) { _ in throw Failed() } }
        #expect(otherShop.closed, "and when it threw")
        #expect(throws: NoTestFactory.self) { try TestFactory.current }
    }
}

/// Applied to a suite, every test in it gets a factory of its own.
@Suite(FactoryTraitTests.patched("suite"))
struct FactoryTraitSuiteTests {
    @Test func aTestOfTheSuiteHasOne() throws {
        #expect(try TestFactory.current.component(forKey: "engine", as: (any Engine).self).name == "suite")
    }

    @Test func soDoesAnother() throws {
        let factory = try TestFactory.current
        _ = try factory.patch(key: "engine") { StubEngine("patched here only") }
        #expect(try factory.component(forKey: "engine", as: (any Engine).self).name == "patched here only")
    }
}
