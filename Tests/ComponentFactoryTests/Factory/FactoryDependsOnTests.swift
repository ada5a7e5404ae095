@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct FactoryDependsOnTests {
    /// The log's creations and destructions, in order.
    private static func lifecycle(_ log: EventLog) -> [String] {
        log.all.filter { $0 == "ElectricEngine" || $0.hasPrefix("PetrolEngine(") || $0.hasPrefix("stop") }
    }

    @Test func dependsOnBuildsFirstAndIsDestroyedAfter() throws {
        let log = EventLog()
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="electric" scope="singleton" destroy-method="stop" depends-on="petrol"/>
            <component class="PetrolEngine" key="petrol" scope="singleton" lazy-init="true" destroy-method="stop">
                <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="90"/></initializer>
            </component>
            """, registry: Garage.registry(log: log))
        #expect(Self.lifecycle(log) == ["PetrolEngine(90)", "ElectricEngine"], "the lazy petrol engine is built first, at load")
        try factory.shutdown()
        #expect(Self.lifecycle(log).suffix(2) == ["stop ElectricEngine", "stop PetrolEngine"])
        #expect(factory.descriptions.first { $0.key == "electric" }?.dependencies == ["petrol"])
    }

    @Test func dependsOnTakesSeveralKeysAndAliases() throws {
        let log = EventLog()
        let factory = try AssemblyFixture.factory("""
            <component class="Driver" key="driver" depends-on="petrol , motor"/>
            <component class="PetrolEngine" key="petrol" scope="prototype">
                <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="90"/></initializer>
            </component>
            <component class="ElectricEngine" key="electric"/>
            <alias name="electric" alias="motor"/>
            """, registry: Garage.registry(log: log))
        _ = try factory.component(forKey: "driver")
        #expect(log.all == ["PetrolEngine(90)", "ElectricEngine", "Driver"])
    }

    @Test func anUnknownOrCyclicDependsOnIsAnError() {
        let components = """
            <component class="ElectricEngine" key="a" depends-on="b"/>
            <component class="ElectricEngine" key="b" depends-on="a"/>
            <component class="ElectricEngine" key="c" depends-on="nowhere"/>
            """
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Garage.registry())
        #expect(diagnostics.map(\.code) == [.unknownReference, .initializerCycle])
        #expect(diagnostics[0].message == "no component with key 'nowhere' for the depends-on of 'c'")
        #expect(diagnostics[1].message == "construction cycle through depends-on: a → b → a; a component cannot be built before itself")
        #expect(diagnostics[1].location?.line == AssemblyFixture.line(of: "key=\"a\"", in: components))
    }
}
