@_spi(Tooling) import ComponentFactory
import Testing

/// Typed handles: a key checked once against the plans for a Swift type,
/// then resolved by index, giving exactly what the key gives.
@Suite struct ComponentHandleTests {
    protocol Engine: AnyObject, Sendable {}
    final class Diesel: Engine { init() {} }
    final class Car: Sendable {
        let engine: any Engine
        init(engine: any Engine) { self.engine = engine }
    }
    final class Driver: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }
    final class Trip: Sendable {
        let driver: Driver
        let car: Car
        init(driver: Driver, car: Car) { (self.driver, self.car) = (driver, car) }
    }

    private var registry: ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Diesel.self, conformsTo: [(any Engine).self]) { $0.initializer("init") { Diesel() } }
        registry.register(Car.self) { $0.initializer("initWithEngine:") { (engine: any Engine) in Car(engine: engine) } }
        registry.register(Driver.self) { _ in }
        registry.register(Trip.self) { $0.initializer("initWithDriver:car:") { (driver: Driver, car: Car) in Trip(driver: driver, car: car) } }
        return registry
    }

    private let components = """
        <component class="Diesel" key="engine" scope="singleton"/>
        <component class="Car" key="car" scope="prototype">
            <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
        </component>
        <component class="Driver" key="driver" scope="request" seeded="yes"/>
        <component class="Trip" key="trip" scope="request">
            <initializer selector="initWithDriver:car:">
                <argument parameterName="driver" ref="driver"/><argument parameterName="car" ref="car"/>
            </initializer>
        </component>
        """

    @Test func aHandleGivesWhatItsKeyGivesInTheFactoryItsAsyncLookupsAndAScope() async throws {
        let factory = try AssemblyFixture.factory(components, registry: registry)
        let engine = try factory.handle(forKey: "engine", as: (any Engine).self)
        let car = try factory.handle(forKey: "car", as: Car.self)
        #expect(try factory.component(engine) === factory.component(forKey: "engine", as: Diesel.self), "a singleton is the same one")
        #expect(try await factory.async.component(engine) === factory.component(forKey: "engine", as: Diesel.self))
        let (first, second) = (try factory.component(car), try factory.component(car))
        #expect(first !== second && first.engine === second.engine, "a prototype is new each time, with the one engine")
        let (trip, driver) = (try factory.handle(forKey: "trip", as: Trip.self), try factory.handle(forKey: "driver", as: Driver.self))
        try await factory.withScope(seeding: [driver.seed(Driver(name: "ada"))]) { scope in
            let byHandle = try await scope.component(trip)
            #expect(byHandle.driver.name == "ada")
            #expect(try await scope.component(forKey: "trip", as: Trip.self) === byHandle, "one trip per scope, by handle or by key")
            #expect(try await scope.component(driver) === byHandle.driver)
        }
    }

    @Test func oneSeedGivenAloneSeedsTheScopeAsTheSameSeedInAnArray() async throws {
        let factory = try AssemblyFixture.factory(components, registry: registry)
        let (trip, driver) = (try factory.handle(forKey: "trip", as: Trip.self), try factory.handle(forKey: "driver", as: Driver.self))
        let alone = try await factory.withScope(seeding: driver.seed(Driver(name: "ada"))) { scope in try await scope.component(trip) }
        let inArray = try await factory.withScope(seeding: [driver.seed(Driver(name: "ada"))]) { scope in try await scope.component(trip) }
        #expect(alone.driver.name == "ada" && inArray.driver.name == "ada")
        #expect(alone !== inArray, "each scope its own trip")
        // A seed for a component that is not seeded is refused alike, alone or in an array.
        let other = try AssemblyFixture.factory(#"<component class="Driver" key="trip" scope="request" seeded="yes"/>"#, registry: registry)
        let stray = try other.handle(forKey: "trip", as: Driver.self).seed(Driver(name: "bo"))
        let refusedAlone = await #expect(throws: DiagnosticReport.self) { try await factory.withScope(seeding: stray) { _ in } }
        let refusedInArray = await #expect(throws: DiagnosticReport.self) { try await factory.withScope(seeding: [stray]) { _ in } }
        #expect(refusedAlone?.diagnostics.first?.code == .unknownReference)
        #expect(refusedAlone?.diagnostics.map(\.message) == refusedInArray?.diagnostics.map(\.message))
    }

    /// A value seeded by a handle: a struct, read back by its own type and by key.
    struct Badge: Sendable, Equatable { let number: Int }

    @Test func aSeedKeepsAClassInstanceAsItselfAndAValueOrAnExistentialByItsType() async throws {
        var registry = self.registry
        registry.register(Badge.self) { _ in }
        let factory = try AssemblyFixture.factory(components + #"<component class="Badge" key="badge" scope="request" seeded="yes"/>"#
                                                      + #"<component class="Diesel" key="spare" scope="request" seeded="yes"/>"#, registry: registry)
        let (driver, badge) = (try factory.handle(forKey: "driver", as: Driver.self), try factory.handle(forKey: "badge", as: Badge.self))
        let spare = try factory.handle(forKey: "spare", as: (any Engine).self)
        let (ada, diesel) = (Driver(name: "ada"), Diesel())
        try await factory.withScope(seeding: [driver.seed(ada), badge.seed(Badge(number: 7)), spare.seed(diesel)]) { scope in
            let seeded = try await scope.component(driver)
            #expect(seeded === ada, "a class instance is the one seeded")
            #expect(try await scope.component(forKey: "driver", as: Driver.self) === ada)
            #expect(try await scope.component(badge) == Badge(number: 7), "a value is read back as its own type")
            #expect(try await scope.component(forKey: "badge", as: Badge.self) == Badge(number: 7))
            #expect(try await scope.component(spare) === diesel, "an existential gives the instance it holds")
            #expect(try await scope.component(forKey: "spare", as: Diesel.self) === diesel)
        }
    }

    @Test func makingAHandleChecksTheKeyAndTheType() throws {
        let factory = try AssemblyFixture.factory(components, registry: registry)
        let misspelled = #expect(throws: DiagnosticReport.self) { try factory.handle(forKey: "engin", as: Diesel.self) }
        #expect(misspelled?.diagnostics.first?.code == .unknownReference)
        #expect(misspelled?.diagnostics.first?.message.contains("did you mean 'engine'?") == true, "\(String(describing: misspelled))")
        let wrongType = #expect(throws: DiagnosticReport.self) { try factory.handle(forKey: "engine", as: Car.self) }
        #expect(wrongType?.diagnostics.first?.code == .typeMismatch)
        #expect(wrongType?.diagnostics.first?.location?.line == AssemblyFixture.line(of: "key=\"engine\"", in: components))
        #expect(try factory.handle(forKey: "engine", as: (any Engine).self).key == "engine", "registered with conformsTo: it fits")
        #expect(try factory.handle(forKey: "engine", as: Diesel.self).description == "ComponentHandle<Diesel>(engine)")
    }

    @Test func aHandleToAParentsKeyResolvesInTheParent() throws {
        let parent = try AssemblyFixture.factory(components, registry: registry)
        let child = try Factory(assemblies: AssemblyFixture.assemblies("""
            <component class="Car" key="spare" scope="prototype">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            </component>
            """), configuration: AssemblyFixture.configuration([:]), registry: registry, parent: parent)
        let engine = try child.handle(forKey: "engine", as: Diesel.self)
        #expect(try child.component(engine) === parent.component(forKey: "engine", as: Diesel.self))
        #expect(try child.component(child.handle(forKey: "spare", as: Car.self)).engine === child.component(engine))
    }

    @Test func aHandleWorksWithAnotherFactoryOfTheSameAssembliesAndLooksItsKeyUpInOthers() throws {
        let first = try AssemblyFixture.factory(components, registry: registry)
        let again = try AssemblyFixture.factory(components, registry: registry)
        let engine = try first.handle(forKey: "engine", as: Diesel.self)
        #expect(try again.component(engine) === again.component(forKey: "engine", as: Diesel.self))
        #expect(try again.component(engine) !== first.component(engine), "each factory has its own singleton")
        let reordered = try AssemblyFixture.factory("""
            <component class="Car" key="car" scope="prototype">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            </component>
            <component class="Diesel" key="engine" scope="singleton"/>
            """, registry: registry)
        #expect(try reordered.component(engine) === reordered.component(forKey: "engine", as: Diesel.self),
                "at another index, the key is looked up")
        let without = try AssemblyFixture.factory(#"<component class="Driver" key="driver" scope="request" seeded="yes"/>"#,
                                                  registry: registry)
        let missing = #expect(throws: DiagnosticReport.self) { try without.component(engine) }
        #expect(missing?.diagnostics.first?.code == .unknownReference)
    }

    @Test func aSeedMustNameASeededRequestComponentOfTheFactory() throws {
        let factory = try AssemblyFixture.factory(components, registry: registry)
        let notSeeded = try factory.handle(forKey: "engine", as: Diesel.self)
        let refused = #expect(throws: DiagnosticReport.self) { try factory.openScope(seeding: [notSeeded.seed(Diesel())]) }
        #expect(refused?.diagnostics.first?.code == .unknownReference)
        #expect(refused?.diagnostics.first?.message.contains("no seeded request component 'engine' to seed") == true)
        let other = try AssemblyFixture.factory(#"<component class="Diesel" key="engine" scope="singleton"/>"#, registry: registry)
        let driver = try factory.handle(forKey: "driver", as: Driver.self)
        let elsewhere = #expect(throws: DiagnosticReport.self) { try other.openScope(seeding: [driver.seed(Driver(name: "x"))]) }
        #expect(elsewhere?.diagnostics.first?.message.contains("no seeded request component 'driver' to seed") == true)
    }
}
