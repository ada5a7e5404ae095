@_spi(Tooling) import ComponentFactory
import Testing

@Suite struct FactoryLifecycleTests {
    @Test func callbacksRunAroundPropertyInjectionThenInit() throws {
        let log = EventLog()
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car" before-property-injection="beforeInjection"
                       after-property-injection="afterInjection" init-method="ready">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="name" value="Herbie"/>
            </component>
            """, registry: Garage.registry(log: log))
        _ = try factory.component(forKey: "car")
        #expect(log.all.suffix(4) == ["Car", "before: name=''", "after: name='Herbie'", "ready Herbie"])
    }

    @Test func shutdownRunsDestroyCallbacksInReverseCreationOrder() throws {
        let log = EventLog()
        let factory = try AssemblyFixture.factory("""
            <component class="Car" key="car" scope="singleton" destroy-method="park">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="petrol"/></initializer>
                <property name="name" value="Herbie"/>
            </component>
            <component class="PetrolEngine" key="petrol" scope="singleton" init-method="start" destroy-method="stop">
                <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="90"/></initializer>
            </component>
            <component class="ElectricEngine" key="electric" scope="singleton" lazy-init="true" destroy-method="stop"/>
            """, registry: Garage.registry(log: log))
        _ = try factory.component(forKey: "electric")
        try factory.shutdown()
        // Created: petrol (inside car), car, then electric on first use.
        #expect(log.all.filter { $0.hasPrefix("stop") || $0.hasPrefix("park") }
                    == ["stop ElectricEngine", "park Herbie", "stop PetrolEngine"])
    }

    @Test func componentPostProcessorsRunInOrderAndMayReplaceTheComponent() throws {
        struct Renaming: ComponentPostProcessor {
            let order: Int
            let suffix: String
            func postProcess(_ component: Any, key: String) throws -> Any {
                if let driver = component as? Driver { driver.name += suffix }
                return component
            }
        }
        var registry = Garage.registry()
        registry.add(Renaming(order: 2, suffix: "-second"))
        registry.add(Renaming(order: 1, suffix: "-first"))
        let factory = try AssemblyFixture.factory("""
            <component class="Driver" key="driver"><property name="name" value="Alice"/></component>
            """, registry: registry)
        #expect(try factory.component(forKey: "driver", as: Driver.self).name == "Alice-first-second")
    }

    @Test func anArgumentReplacedByOneOfAnotherTypeFailsTheBuildAndSaysWhy() throws {
        struct ElectricOnly: ComponentPostProcessor {
            func postProcess(_ component: Any, key: String) throws -> Any {
                key == "petrol" ? Driver(name: "not an engine") : component
            }
        }
        var registry = Garage.registry()
        registry.add(ElectricOnly())
        let factory = try AssemblyFixture.factory("""
            <component class="PetrolEngine" key="petrol">
                <initializer selector="initWithHorsepower:"><argument parameterName="horsepower" value="120"/></initializer>
            </component>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="petrol"/></initializer>
            </component>
            """, registry: registry)
        let failure = try #require((thrownError { _ = try factory.component(forKey: "car") } as? DiagnosticReport)?.diagnostics.first)
        #expect(failure.code == .buildFailed)
        #expect(failure.message.hasPrefix("building 'car' (car) failed:"))
        #expect(failure.location?.line == 5)
        #expect(failure.underlyingError.map { "\($0)" } == "argument 1 is Driver, which does not fit Engine")
    }

    @Test func factoryPostProcessorsEditDefinitionsBeforeTheyCompile() throws {
        struct EveryDriverIsBob: FactoryPostProcessor {
            func postProcess(_ definitions: inout [ComponentDefinition]) throws {
                for index in definitions.indices where definitions[index].className?.text == "Driver" {
                    let location = definitions[index].location
                    definitions[index].properties = [PropertyDefinition(
                        name: AttributeValue("name", at: location), value: .text(AttributeValue("Bob", at: location), requiredType: nil),
                        location: location)]
                }
            }
        }
        var registry = Garage.registry()
        registry.add(EveryDriverIsBob())
        let factory = try AssemblyFixture.factory("""
            <component class="Driver" key="driver"><property name="name" value="Alice"/></component>
            """, registry: registry)
        #expect(try factory.component(forKey: "driver", as: Driver.self).name == "Bob")
    }

    @Test func aConverterDeclaredInTheAssemblyIsBuiltFirstAndUsed() throws {
        struct Volume: Equatable { let litres: Double }
        struct GallonConverter: TypeConverter {
            var typeName: String { "Volume" }
            func convert(_ text: String) throws(ConversionFailure) -> Volume {
                guard text.hasSuffix("gal"), let gallons = Double(text.dropLast(3)) else { throw ConversionFailure("expected gallons, such as 2gal") }
                return Volume(litres: gallons * 3.785)
            }
        }
        final class Canister { var volume = Volume(litres: 0) }
        var registry = ComponentRegistry()
        registry.register(GallonConverter.self) { converter in converter.initializer { GallonConverter() } }
        registry.register(Canister.self) { canister in
            canister.initializer { Canister() }
            canister.property("volume", \.volume)
        }
        let components = """
            <component class="Canister" key="canister"><property name="volume" value="2gal"/></component>
            <component class="GallonConverter"/>
            """
        let factory = try AssemblyFixture.factory(components, registry: registry)
        #expect(try factory.component(forKey: "canister", as: Canister.self).volume == Volume(litres: 7.57))
        let bad = AssemblyFixture.diagnostics(components.replacingOccurrences(of: "2gal", with: "2 litres"), registry: registry)
        #expect(bad.map(\.code) == [.conversion])
        #expect(bad.first?.message.contains("expected gallons") == true)
    }

    @Test func aThrowingInitializerNamesTheComponentAndThePath() async throws {
        struct Flat: Error {}
        var registry = Garage.registry()
        registry.register(PetrolEngine.self, name: "BrokenEngine", conformsTo: [(any Engine).self]) { engine in
            engine.initializer { () throws -> PetrolEngine in throw Flat() }
        }
        let components = """
            <component class="BrokenEngine" key="engine"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            </component>
            """
        let factory = try AssemblyFixture.factory(components, registry: registry)
        let failure = try #require((thrownError { _ = try factory.component(forKey: "car") } as? DiagnosticReport)?.diagnostics.first)
        #expect(failure.code == .buildFailed)
        #expect(failure.message.hasPrefix("building 'engine' (car → engine) failed:"))
        #expect(failure.location?.line == 2)
        let dryRun = await AssemblyFixture.dryRun(components, registry: registry)
        #expect(dryRun.map(\.code) == [.buildFailed])
        #expect(AssemblyFixture.diagnostics(components, registry: registry).isEmpty, "only a dry run builds")
    }
}
