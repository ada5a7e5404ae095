import ComponentFactory
import Testing

@Suite struct FactoryLookupTests {
    private let two = """
        <component class="ElectricEngine" key="electric"/>
        <component class="PetrolEngine" key="petrol">
            <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="120"/></initializer>
        </component>
        <component class="Driver" key="driver"/>
        """

    @Test func findsTheOneComponentOfAConcreteTypeOrProtocol() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        #expect(try factory.component(ofType: PetrolEngine.self).horsepower == 120)
        #expect(try factory.component(ofType: Driver.self).name == "")
        #expect(try factory.components(ofType: (any Engine).self).count == 2)
    }

    @Test func moreThanOneMatchIsAmbiguousAndListsTheCandidates() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        let error = try #require(thrownError { _ = try factory.component(ofType: (any Engine).self) } as? Diagnostic)
        #expect(error.code == .ambiguousType)
        #expect(error.message.contains("'electric'") && error.message.contains("'petrol'"))
        #expect(error.notes.map(\.location?.line) == [2, 3])
    }

    @Test func noMatchIsAnErrorToo() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        let error = try #require(thrownError { _ = try factory.component(ofType: Car.self) } as? Diagnostic)
        #expect(error.code == .noComponentForType)
    }

    @Test func anUnknownKeySuggestsTheNearestOne() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        let error = try #require(thrownError { _ = try factory.component(forKey: "drivr") } as? Diagnostic)
        #expect(error.code == .unknownReference)
        #expect(error.message.contains("did you mean 'driver'?"))
    }

    @Test func askingForTheWrongTypeIsATypeMismatch() throws {
        let factory = try AssemblyFixture.factory(two, registry: Garage.registry())
        let error = try #require(thrownError { _ = try factory.component(forKey: "driver", as: Car.self) } as? Diagnostic)
        #expect(error.code == .typeMismatch)
    }

    @Test func aSuperclassFindsItsSubclassesWithoutDeclaringThem() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            </component>
            """, registry: Garage.registry())
        #expect(try factory.component(ofType: Vehicle.self) is Car)
    }
}
