@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct FactoryCycleTests {
    @Test func aCycleThroughPropertiesResolvesEvenBetweenPrototypes() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car" scope="prototype">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="owner" ref="driver"/>
            </component>
            <component class="Driver" key="driver" scope="prototype">
                <property name="car" ref="car"/>
            </component>
            """, registry: Garage.registry())
        let car = try factory.component(forKey: "car", as: Car.self)
        #expect(car.owner?.car === car)
        let driver = try factory.component(forKey: "driver", as: Driver.self)
        #expect(driver.car?.owner === driver)
        #expect(driver.car !== car, "a new resolution makes new prototypes")
    }

    @Test func aPropertyWaitsForAComponentStillInItsInitializer() throws {
        // Typhoon's PrototypeInitInjected / PrototypePropertyInjected case: the car's
        // initializer needs an engine factory... here, the driver's property needs the car
        // while the car's initializer is building the engine that needs the driver.
        var registry = Garage.registry()
        registry.register(Garage.Mechanic.self) { mechanic in
            mechanic.initializer { Garage.Mechanic() }
            mechanic.property("car", \.car)
        }
        registry.register(Garage.TunedEngine.self, conformsTo: [(any Engine).self]) { engine in
            engine.initializer("initWithMechanic:") { (mechanic: Garage.Mechanic) in Garage.TunedEngine(mechanic: mechanic) }
        }
        let factory = try AssemblyFixture.factory("""
            <component class="Car" key="car" scope="prototype">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            </component>
            <component class="TunedEngine" key="engine" scope="prototype">
                <initializer selector="initWithMechanic:"><argument parameterName="mechanic" ref="mechanic"/></initializer>
            </component>
            <component class="Mechanic" key="mechanic" scope="prototype">
                <property name="car" ref="car"/>
            </component>
            """, registry: registry)
        let car = try factory.component(forKey: "car", as: Car.self)
        let engine = try #require(car.engine as? Garage.TunedEngine)
        #expect(engine.mechanic.car === car, "set once the car's initializer returned")
    }

    @Test func aCycleThroughInitializersIsReportedWithItsPathAtLoad() throws {
        let components = """
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            </component>
            <component class="TunedEngine" key="engine">
                <initializer selector="initWithMechanic:"><argument parameterName="mechanic" ref="car"/></initializer>
            </component>
            """
        #expect(throws: DiagnosticReport.self) { try AssemblyFixture.factory(components, registry: Garage.registry()) }
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Garage.registry())
        let cycle = try #require(diagnostics.first { $0.code == .initializerCycle })
        #expect(cycle.message.contains("car → engine → car"))
        #expect(cycle.location?.line == AssemblyFixture.line(of: "key=\"car\"", in: components))
        #expect(cycle.notes.count == 2)
    }

    @Test func singletonsInAPropertyChainSeeEachOther() throws {
        // Typhoon's SingletonsChainAssembly: A → B by property, B → prototype by property, prototype → A by initializer.
        var registry = Garage.registry()
        registry.register(Garage.Mechanic.self) { mechanic in
            mechanic.initializer { Garage.Mechanic() }
            mechanic.property("car", \.car)
        }
        let factory = try AssemblyFixture.factory("""
            <component class="Driver" key="driver" scope="singleton">
                <property name="car" ref="car"/>
            </component>
            <component class="Car" key="car" scope="singleton">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="owner" ref="driver"/>
            </component>
            <component class="ElectricEngine" key="engine" scope="prototype"/>
            """, registry: registry)
        let driver = try factory.component(forKey: "driver", as: Driver.self)
        let car = try factory.component(forKey: "car", as: Car.self)
        #expect(driver.car === car)
        #expect(car.owner === driver)
    }
}

extension Garage {
    final class Mechanic {
        var car: Car?
    }

    final class TunedEngine: Engine {
        let mechanic: Mechanic
        let horsepower = 500
        init(mechanic: Mechanic) { self.mechanic = mechanic }
    }
}
