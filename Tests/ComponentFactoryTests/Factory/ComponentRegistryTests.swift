@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct ComponentRegistryTests {
    @Test func everyParameterAndPropertyIsInspectableWithoutBuilding() throws {
        let log = EventLog()
        let registry = Garage.registry(log: log)
        let car = try #require(registry.registration(named: "Car"))
        let initializer = try #require(car.initializers["initWithEngine:"])
        #expect(initializer.parameters.map(\.name) == ["engine"])
        #expect(initializer.parameters.map(\.type.description) == ["Engine"])
        #expect(initializer.kind == .initializer)
        #expect(car.properties["owner"]?.type.description == "Driver?")
        #expect(car.properties["passengers"]?.type.collection?.kind == .array)
        #expect(car.properties["ratings"]?.type.collection?.key?.identity.name == "String")
        #expect(car.callbacks.keys.sorted() == ["afterInjection", "beforeInjection", "park", "ready"])
        #expect(registry.registration(named: "ElectricEngine")?.type.conformances.map(\.name) == ["Engine"])
        #expect(registry.registration(named: "EngineFactory")?.factoryMethods["engineWithHorsepower:"]?.produces.identity.name == "Engine")
        #expect(log.all.isEmpty, "inspecting built nothing")
    }

    @Test func anAppPrintsTheRegistryToSeeWhatAnAssemblyMayUse() throws {
        let log = EventLog()
        let printed = "\(Garage.registry(log: log))"
        let car = printed.split(separator: "\n").drop { !$0.hasPrefix("Car (Car)") }.prefix { !$0.hasPrefix("Driver") }
        #expect(car.contains("  initializer initWithEngine:(engine: Engine) -> Car"))
        #expect(car.contains("  property owner: Driver?"))
        #expect(car.contains("  callback park"))
        #expect(printed.contains("ElectricEngine (ElectricEngine)\n  found by: Engine"))
        #expect(log.all.isEmpty, "printing built nothing")
    }

    @Test func aSelectorThatDisagreesWithItsClosureIsReportedWhereItIsUsed() throws {
        var registry = ComponentRegistry()
        registry.register(Driver.self) { driver in
            driver.initializer("initWithName:age:") { (name: String) in Driver(name: name) }
        }
        let problem = try #require(registry.registration(named: "Driver")?.initializers["initWithName:age:"]?.problem)
        #expect(problem.contains("names 2 parameters but its registered closure takes 1"))
        let diagnostics = AssemblyFixture.diagnostics("""
            <component class="Driver" key="d"><initializer selector="initWithName:age:"/></component>
            """, registry: registry)
        #expect(diagnostics.map(\.code) == [.unknownInitializer])
    }

    @Test func eachFactoryCopiesTheRegistrysConverters() throws {
        var registry = Garage.registry()
        let factory = try AssemblyFixture.factory("<component class=\"Tank\" key=\"t\"><property name=\"fuel\" value=\"diesel\"/></component>",
                                                  registry: registry)
        registry.converters = TypeConverters()  // later changes reach no factory already built
        #expect(try factory.component(forKey: "t", as: Tank.self).fuel == .diesel)
        #expect(throws: DiagnosticReport.self) {
            try AssemblyFixture.factory("<component class=\"Tank\" key=\"t\"><property name=\"fuel\" value=\"diesel\"/></component>",
                                        registry: registry)
        }
    }
}
