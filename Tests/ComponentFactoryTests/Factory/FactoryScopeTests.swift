@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct FactoryScopeTests {
    private let engines = """
        <component class="PetrolEngine" key="engine" scope="SCOPE">
            <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="90"/></initializer>
        </component>
        <component class="Car" key="car" scope="prototype">
            <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            <property name="spare" ref="engine"/>
        </component>
        """

    private func factory(scope: String, log: EventLog = EventLog()) throws -> Factory {
        try AssemblyFixture.factory(engines.replacingOccurrences(of: "SCOPE", with: scope), registry: Garage.registry(log: log))
    }

    @Test func objectGraphSharesOneInstanceWithinAResolutionOnly() throws {
        let factory = try factory(scope: "object-graph")
        let first = try factory.component(forKey: "car", as: Car.self)
        let second = try factory.component(forKey: "car", as: Car.self)
        #expect(first.engine === first.spare)
        #expect(first.engine !== second.engine)
    }

    @Test func typhoonsDefaultScopeIsObjectGraph() throws {
        let car = try factory(scope: "default").component(forKey: "car", as: Car.self)
        #expect(car.engine === car.spare)
    }

    @Test func prototypeMakesAnInstanceForEveryReference() throws {
        let car = try factory(scope: "prototype").component(forKey: "car", as: Car.self)
        #expect(car.engine !== car.spare)
    }

    @Test func singletonIsBuiltOnceAtLoad() throws {
        let log = EventLog()
        let factory = try factory(scope: "singleton", log: log)
        #expect(log.count(of: "PetrolEngine(90)") == 1, "eager: built while loading")
        let first = try factory.component(forKey: "car", as: Car.self)
        let second = try factory.component(forKey: "car", as: Car.self)
        #expect(first.engine === second.engine)
        #expect(log.count(of: "PetrolEngine(90)") == 1)
    }

    @Test func lazySingletonWaitsForItsFirstUse() throws {
        let log = EventLog()
        let factory = try AssemblyFixture.factory(
            engines.replacingOccurrences(of: "scope=\"SCOPE\"", with: "scope=\"singleton\" lazy-init=\"yes\""),
            registry: Garage.registry(log: log))
        #expect(log.count(of: "PetrolEngine(90)") == 0)
        _ = try factory.component(forKey: "car")
        _ = try factory.component(forKey: "car")
        #expect(log.count(of: "PetrolEngine(90)") == 1)
    }

    @Test func weakSingletonIsSharedWhileHeldAndRebuiltOnceReleased() throws {
        let log = EventLog()
        let factory = try factory(scope: "weakSingleton", log: log)
        var held: PetrolEngine? = try factory.component(forKey: "engine", as: PetrolEngine.self)
        #expect(try factory.component(forKey: "engine", as: PetrolEngine.self) === held)
        #expect(log.count(of: "PetrolEngine(90)") == 1)
        held = nil
        _ = try factory.component(forKey: "engine")
        #expect(log.count(of: "PetrolEngine(90)") == 2, "rebuilt after every holder let go")
        #expect(held == nil)
    }
}
