@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct FactoryAliasTests {
    @Test func anAliasIsAnotherKeyForTheSameComponent() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine" scope="singleton"/>
            <alias name="engine" alias="motor"/>
            <alias name="motor" alias="powerplant"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="powerplant"/></initializer>
            </component>
            """, registry: Garage.registry())
        let engine = try factory.component(forKey: "engine", as: ElectricEngine.self)
        #expect(try factory.component(forKey: "motor", as: ElectricEngine.self) === engine)
        #expect(try factory.component(forKey: "car", as: Car.self).engine === engine, "a ref may name an alias of an alias")
    }

    @Test func anAliasThatShadowsAKeyOrNamesNothingIsAnError() {
        let components = """
            <component class="ElectricEngine" key="engine"/>
            <component class="ElectricEngine" key="spare"/>
            <alias name="engine" alias="spare"/>
            <alias name="engin" alias="motor"/>
            <alias name="loop" alias="loop"/>
            """
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Garage.registry())
        #expect(diagnostics.map(\.code) == [.duplicateKey, .unknownReference, .unknownReference])
        #expect(diagnostics[0].message == "alias 'spare' shadows the key of a component; choose another alias")
        #expect(diagnostics[0].location?.line == AssemblyFixture.line(of: "alias=\"spare\"", in: components))
        #expect(diagnostics[1].message == "alias 'motor' names no component 'engin'; did you mean 'engine'?")
        #expect(diagnostics[2].message == "aliases loop: loop → loop")
    }

    @Test func aReferenceThroughAnAliasIsTypeChecked() {
        let diagnostics = AssemblyFixture.diagnostics("""
            <component class="Driver" key="driver"/>
            <alias name="driver" alias="motor"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="motor"/></initializer>
            </component>
            """, registry: Garage.registry())
        #expect(diagnostics.map(\.code) == [.typeMismatch])
    }
}
