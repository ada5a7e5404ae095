@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct ConstructorAutowiringTests {
    @Test func anArgumentWithNoValueIsFoundByType() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="PetrolEngine" key="petrol">
                <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="90"/></initializer>
            </component>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument index="0"/></initializer>
            </component>
            """, registry: Garage.registry())
        #expect(try factory.component(forKey: "car", as: Car.self).engine.horsepower == 90)
    }

    @Test func noCandidateOrTwoAreErrorsAtTheArgument() {
        let none = """
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine"/></initializer>
            </component>
            """
        let noneFound = AssemblyFixture.diagnostics(none, registry: Garage.registry())
        #expect(noneFound.map(\.code) == [.noComponentForType])
        #expect(noneFound.first?.location?.line == AssemblyFixture.line(of: "<argument", in: none))

        let two = AssemblyFixture.diagnostics("""
            <component class="ElectricEngine" key="one"/>
            <component class="ElectricEngine" key="two"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine"/></initializer>
            </component>
            """, registry: Garage.registry())
        #expect(two.map(\.code) == [.ambiguousType])
        #expect(two.first?.message.contains("'one', 'two'") == true)
    }
}
