@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Testing

struct PatcherTests {
    @Test func anObjectPatchReplacesTheComponentInLookupsAndInjection() throws {
        let (factory, patcher) = try Workshop.attachedPatcher()
        let stub = StubEngine()
        try patcher.patch("engine", with: stub)

        #expect(try factory.component(forKey: "engine", as: (any Engine).self) as? StubEngine === stub)
        #expect(try factory.component(forKey: "car", as: Car.self).engine as? StubEngine === stub)
        #expect(patcher.patchedKeys == ["engine"])
    }

    @Test func aClosurePatchOfAPrototypeRunsForEveryReference() throws {
        let (factory, patcher) = try Workshop.attachedPatcher(engineScope: "prototype")
        let calls = Counter()
        try patcher.patch("engine") { calls.increment(); return StubEngine() }

        let first = try factory.component(forKey: "car", as: Car.self)
        let second = try factory.component(forKey: "car", as: Car.self)

        #expect(calls.value == 2)
        #expect(first.engine as? StubEngine !== second.engine as? StubEngine)
    }

    @Test func aClosurePatchOfASingletonRunsOnce() throws {
        let (factory, patcher) = try Workshop.attachedPatcher(engineScope: "singleton")
        let calls = Counter()
        try patcher.patch("engine") { calls.increment(); return StubEngine() }

        let first = try factory.component(forKey: "car", as: Car.self)
        let second = try factory.component(forKey: "car", as: Car.self)

        #expect(calls.value == 1)
        #expect(first.engine as? StubEngine === second.engine as? StubEngine)
        #expect(first.engine is StubEngine)
    }

    @Test func aPatchMadeBeforeLoadingReachesEagerSingletons() throws {
        let patcher = Patcher()
        try patcher.patch("sharedEngine", with: StubEngine("before load"))
        let factory = try Workshop.load(with: patcher)

        #expect(try factory.component(forKey: "garage", as: Garage.self).engine.name == "before load")
    }

    @Test func unpatchingGivesBackTheDefinition() throws {
        let (factory, patcher) = try Workshop.attachedPatcher()
        try patcher.patch("engine", with: StubEngine())
        try patcher.unpatch("engine")

        #expect(try Workshop.engineName(factory) == "petrol")
        #expect(patcher.patchedKeys.isEmpty)
    }

    @Test func nestedPatchesUnwindNewestFirst() throws {
        let (factory, patcher) = try Workshop.attachedPatcher()
        try patcher.patch("engine", with: StubEngine("outer"))
        try patcher.patch("engine", with: StubEngine("inner"))

        #expect(try Workshop.engineName(factory) == "inner")
        try patcher.unpatch("engine")
        #expect(try Workshop.engineName(factory) == "outer")
        try patcher.unpatch("engine")
        #expect(try Workshop.engineName(factory) == "petrol")
    }

    @Test func rollbackGivesBackTheSingletonThatWasAlreadyBuilt() throws {
        let factory = try Workshop.factory(engineScope: "singleton")
        let original = try factory.component(forKey: "engine", as: (any Engine).self) as? PetrolEngine
        let patcher = Patcher()
        try patcher.attach(to: factory)
        try patcher.patch("engine", with: StubEngine("first"))
        try patcher.patch("engine", with: StubEngine("second"))
        try patcher.patch("car", with: Car(engine: StubEngine("car's own")))

        #expect(try Workshop.engineName(factory) == "second")
        patcher.rollback()

        #expect(original != nil)
        #expect(try factory.component(forKey: "engine", as: (any Engine).self) as? PetrolEngine === original)
        #expect(try factory.component(forKey: "car", as: Car.self).engine as? PetrolEngine === original)
        #expect(patcher.patchedKeys.isEmpty)
    }

    @Test func unpatchingAnInnerSingletonPatchGivesBackTheInstanceTheOuterOneMade() throws {
        let (factory, patcher) = try Workshop.attachedPatcher(engineScope: "singleton")
        try patcher.patch("engine") { StubEngine("outer") }
        let outer = try factory.component(forKey: "engine", as: (any Engine).self) as? StubEngine
        try patcher.patch("engine") { StubEngine("inner") }
        #expect(try Workshop.engineName(factory) == "inner")

        try patcher.unpatch("engine")

        #expect(outer != nil)
        #expect(try factory.component(forKey: "engine", as: (any Engine).self) as? StubEngine === outer)
    }

    @Test func removingAnOlderPatchFromUnderANewerOneKeepsTheNewerOne() throws {
        let factory = try Workshop.factory(engineScope: "singleton")
        let original = try factory.component(forKey: "engine", as: (any Engine).self) as? PetrolEngine
        let older = Patcher()
        let newer = Patcher()
        try older.attach(to: factory)
        try newer.attach(to: factory)
        try older.patch("engine", with: StubEngine("older"))
        try newer.patch("engine", with: StubEngine("newer"))

        older.rollback()
        #expect(try Workshop.engineName(factory) == "newer")
        newer.rollback()
        #expect(try factory.component(forKey: "engine", as: (any Engine).self) as? PetrolEngine === original)
    }

    @Test func patchingAnUnknownKeySuggestsTheNearestOne() throws {
        let (_, patcher) = try Workshop.attachedPatcher()

        let error = #expect(throws: DiagnosticReport.self) { try patcher.patch("engin", with: StubEngine()) }
        #expect(error?.diagnostics.first?.code == .unknownReference)
        #expect(error?.diagnostics.first?.message.contains("did you mean 'engine'") == true)
        #expect(patcher.patchedKeys.isEmpty)
    }

    @Test func anUnknownKeyPatchedBeforeLoadingFailsTheLoad() throws {
        let patcher = Patcher()
        try patcher.patch("engin", with: StubEngine())

        let error = #expect(throws: DiagnosticReport.self) { try Workshop.load(with: patcher) }
        #expect(error?.diagnostics.first?.code == .unknownReference)
    }

    @Test func unpatchingAKeyThatIsNotPatchedIsAnError() throws {
        let patcher = Patcher()
        try patcher.patch("car", with: Car(engine: StubEngine()))

        let error = #expect(throws: PatcherMisuse.notPatched(key: "engine", patched: ["car"])) { try patcher.unpatch("engine") }
        #expect(error.map { "\($0)" } == "error: 'engine' is not patched by this patcher (patched: 'car')")
        #expect(error?.localizedDescription == "error: 'engine' is not patched by this patcher (patched: 'car')")
    }

    @Test func aPatcherServesOneFactory() throws {
        let patcher = Patcher()
        try patcher.attach(to: try Workshop.factory())

        #expect(throws: PatcherMisuse.alreadyAttached) { try patcher.attach(to: try Workshop.factory()) }
    }

    @Test func aPatchOnOneFactoryLeavesAnotherAlone() throws {
        let patched = try Workshop.factory()
        let untouched = try Workshop.factory()
        let patcher = Patcher()
        try patcher.attach(to: patched)
        try patcher.patch("engine", with: StubEngine())

        #expect(try Workshop.engineName(patched) == "stub")
        #expect(try Workshop.engineName(untouched) == "petrol")
    }

    @Test func whatAPatchClosureThrowsFailsTheResolutionWithThePath() throws {
        struct Broken: Error {}
        let (factory, patcher) = try Workshop.attachedPatcher()
        try patcher.patch("engine") { throw Broken() }

        let error = #expect(throws: DiagnosticReport.self) { try factory.component(forKey: "car") }
        #expect(error?.diagnostics.map(\.code) == [.buildFailed])
        #expect(error?.diagnostics.first?.message.hasPrefix("building 'engine' (car → engine) failed:") == true)
        #expect(error?.diagnostics.first?.underlyingError is Broken)
    }
}
