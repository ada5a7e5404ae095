@_spi(Tooling) import ComponentFactory
import Foundation
import Testing

@Suite struct FactoryValueTests {
    @Test func valuesConvertToThePropertysTypeWithPlaceholders() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="Settings" key="settings">
                <property name="retries" value="${retries}"/>
                <property name="timeout" value="250ms"/>
            </component>
            <component class="Tank" key="tank">
                <property name="fuel" value="diesel"/>
                <property name="litres" value="${litres:42.5}"/>
            </component>
            """, properties: ["retries": "0x10"], registry: Garage.registry())
        let settings = try factory.component(forKey: "settings", as: Settings.self)
        #expect(settings.retries == 16)
        #expect(settings.timeout == .milliseconds(250))
        let tank = try factory.component(forKey: "tank", as: Tank.self)
        #expect(tank.fuel == .diesel)
        #expect(tank.litres == 42.5)
    }

    @Test func collectionsFillArraysSetsAndDictionariesOfValuesAndReferences() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Driver" key="alice"><property name="name" value="Alice"/></component>
            <component class="Driver" key="bob"><property name="name" value="Bob"/></component>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="passengers"><collection><ref>alice</ref><ref>bob</ref></collection></property>
                <property name="tags">
                    <collection requiredType="Set"><value>fast</value><value>red</value><value>fast</value></collection>
                </property>
                <property name="ratings">
                    <collection requiredType="Dictionary">
                        <entry key="speed" value="9"/>
                        <entry key="comfort" value="${comfort}"/>
                    </collection>
                </property>
            </component>
            """, properties: ["comfort": "7"], registry: Garage.registry())
        let car = try factory.component(forKey: "car", as: Car.self)
        #expect(car.passengers.map(\.name) == ["Alice", "Bob"])
        #expect(car.tags == ["fast", "red"])
        #expect(car.ratings == ["speed": 9, "comfort": 7])
    }

    @Test func nullGivesNilToAnOptional() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="nickname" value="Herbie"/>
                <property name="spare"><null/></property>
            </component>
            """, registry: Garage.registry())
        let car = try factory.component(forKey: "car", as: Car.self)
        #expect(car.nickname == "Herbie")
        #expect(car.spare == nil)
    }

    @Test func aFactoryComponentsMethodBuildsAComponent() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="EngineFactory" key="engines" scope="singleton"/>
            <component key="v8" factory-component="engines">
                <initializer selector="engineWithHorsepower:"><argument parameterName="horsepower" value="450"/></initializer>
            </component>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="v8"/></initializer>
            </component>
            """, registry: Garage.registry())
        #expect(try factory.component(forKey: "car", as: Car.self).engine.horsepower == 450)
        #expect(factory.descriptions.first { $0.key == "v8" }?.dependencies == ["engines"])
    }

    @Test func aClassMethodBuildsAComponent() throws {
        var registry = ComponentRegistry()
        registry.register(URL.self) { url in
            url.classMethod("URLWithString:") { (string: String) in URL(fileURLWithPath: string) }
        }
        let factory = try AssemblyFixture.factory("""
            <component class="URL" key="home">
                <initializer selector="URLWithString:" is-class-method="yes">
                    <argument parameterName="string" value="/home/knight" required-class="NSString"/>
                </initializer>
            </component>
            """, registry: registry)
        #expect(try factory.component(forKey: "home", as: URL.self).path == "/home/knight")
    }

    @Test func autowiringFindsTheOneComponentOfThePropertysType() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car" scope="singleton">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="owner"/>
            </component>
            <component class="Driver" key="driver" scope="singleton"><property name="car"/></component>
            """, registry: Garage.registry())
        let car = try factory.component(forKey: "car", as: Car.self)
        #expect(car.owner === (try factory.component(forKey: "driver", as: Driver.self)))
        #expect(car.owner?.car === car)
    }

    @Test func classIsAPlaceholderSoAnEnvironmentSwapsTheImplementation() throws {
        let components = """
            <component class="${engine.class}" key="engine"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            </component>
            """
        var registry = Garage.registry()
        registry.register(PetrolEngine.self, name: "DefaultPetrolEngine", conformsTo: [(any Engine).self]) { engine in
            engine.initializer { PetrolEngine(horsepower: 100) }
        }
        let test = try AssemblyFixture.factory(components, properties: ["engine.class": "ElectricEngine"], registry: registry)
        let production = try AssemblyFixture.factory(components, properties: ["engine.class": "DefaultPetrolEngine"],
                                                     environment: "production", registry: registry)
        #expect(try test.component(forKey: "car", as: Car.self).engine is ElectricEngine)
        #expect(try production.component(forKey: "car", as: Car.self).engine is PetrolEngine)
    }

    @Test func aValueTypeComponentGetsItsProperties() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="Settings" key="settings"><property name="retries" value="3"/></component>
            """, registry: Garage.registry())
        #expect(try factory.component(forKey: "settings", as: Settings.self).retries == 3)
    }
}
