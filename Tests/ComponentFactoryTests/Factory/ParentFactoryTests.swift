@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct ParentFactoryTests {
    private static func appFactory(log: EventLog = EventLog()) throws -> Factory {
        try AssemblyFixture.factory("""
            <component class="PetrolEngine" key="engine" scope="singleton">
                <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="90"/></initializer>
            </component>
            <component class="Driver" key="driver"/>
            """, registry: Garage.registry(log: log))
    }

    private static func child(_ components: String, parent: Factory) throws -> Factory {
        try Factory(assemblies: AssemblyFixture.assemblies(components), configuration: AssemblyFixture.configuration([:]),
                    registry: Garage.registry(), parent: parent)
    }

    @Test func aChildFactoryReferencesAutowiresAndLooksUpItsParentsComponents() throws {
        let app = try Self.appFactory()
        let request = try Self.child("""
            <alias name="engine" alias="motor"/>
            <component class="Car" key="car" depends-on="driver">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="motor"/></initializer>
                <property name="owner"/>
            </component>
            """, parent: app)
        let engine = try app.component(forKey: "engine", as: PetrolEngine.self)
        let car = try request.component(forKey: "car", as: Car.self)
        #expect(car.engine === engine, "the parent's singleton, not a copy")
        #expect(car.owner != nil, "autowired from the parent")
        #expect(try request.component(forKey: "engine", as: PetrolEngine.self) === engine)
        #expect(try request.component(forKey: "motor", as: PetrolEngine.self) === engine, "the child's alias of the parent's component")
        #expect(try request.component(ofType: PetrolEngine.self) === engine)
        #expect(request.parent === app)
    }

    @Test func theChildsOwnDefinitionWins() throws {
        let app = try Self.appFactory()
        let request = try Self.child("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine"/></initializer>
            </component>
            """, parent: app)
        #expect(try request.component(forKey: "car", as: Car.self).engine is ElectricEngine)
    }

    @Test func aKeyNeitherHasIsAnErrorWithSuggestionsFromBoth() throws {
        let app = try Self.appFactory()
        let request = try Self.child("<component class=\"Driver\" key=\"passenger\"/>", parent: app)
        let error = thrown { _ = try request.component(forKey: "engin") }
        #expect((error as? DiagnosticReport)?.diagnostics.first?.message == "no component with key 'engin'; did you mean 'engine'?")

        let report = thrown { _ = try Self.child("<component class=\"Driver\" key=\"d\" depends-on=\"enigne\"/>", parent: app) }
        #expect((report as? DiagnosticReport)?.diagnostics.map(\.code) == [.unknownReference])
    }
}
