@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct FactoryInheritanceTests {
    private let family = """
        <component class="ElectricEngine" key="engine"/>
        <component class="Car" key="baseCar" abstract="true" scope="prototype">
            <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            <property name="name" value="base"/>
            <property name="wheels" value="3"/>
        </component>
        <component key="sportsCar" parent="baseCar">
            <property name="name" value="sports"/>
        </component>
        <component key="grandChild" parent="sportsCar">
            <property name="nickname" value="speedy"/>
        </component>
        """

    @Test func aChildInheritsClassInitializerAndPropertiesAndOverridesByName() throws {
        let factory = try AssemblyFixture.factory(family, registry: Garage.registry())
        let car = try factory.component(forKey: "sportsCar", as: Car.self)
        #expect(car.name == "sports")
        #expect(car.wheels == 3)
        #expect(car.engine is ElectricEngine)
        let grandChild = try factory.component(forKey: "grandChild", as: Car.self)
        #expect(grandChild.name == "sports")
        #expect(grandChild.nickname == "speedy")
    }

    @Test func aChildInheritsTheScopeUnlessItSetsOne() throws {
        let factory = try AssemblyFixture.factory(family, registry: Garage.registry())
        #expect(factory.descriptions.first { $0.key == "sportsCar" }?.scope == .prototype)
    }

    @Test func anAbstractDefinitionIsNeverBuiltNorFound() throws {
        let factory = try AssemblyFixture.factory(family, registry: Garage.registry())
        #expect(!factory.keys.contains("baseCar"))
        let error = try #require((thrownError { _ = try factory.component(forKey: "baseCar") } as? DiagnosticReport)?.diagnostics.first)
        #expect(error.code == .unknownReference)
    }

    @Test func aChildPropertyReplacesTheParentsWhateverTheKindOfInjection() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Driver" key="alice"><property name="name" value="Alice"/></component>
            <component class="Car" key="parentCar" abstract="yes">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="owner" ref="alice"/>
            </component>
            <component key="childCar" parent="parentCar">
                <property name="owner"><null/></property>
            </component>
            """, registry: Garage.registry())
        #expect(try factory.component(forKey: "childCar", as: Car.self).owner == nil)
    }
}

/// The error `body` throws, untyped.
func thrownError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
