@_spi(Tooling) @testable import ComponentFactory
import Foundation
import Testing

@Suite struct CompiledWiringTests {
    /// Every kind of value, maker and edge the image holds.
    static let everyShape = """
        <property-placeholder location="app.properties"/>
        <component class="EngineFactory" key="engines" scope="singleton"/>
        <component key="v8" factory-component="engines">
            <initializer selector="engineWithHorsepower:"><argument parameterName="horsepower" value="${v8.horsepower}"/></initializer>
        </component>
        <component class="PetrolEngine" key="petrol" profile="production">
            <initializer selector="initWithHorsepower:"><argument index="0" value="${petrol.horsepower:90}"/></initializer>
        </component>
        <component class="ElectricEngine" key="quiet" lazy-init="yes" scope="singleton" profile="!production">
            <property name="horsepower" value="${quiet.horsepower}"/>
        </component>
        <component class="Driver" key="alice" scope="prototype"><initializer selector="initWithName:">
            <argument parameterName="name" value="Alice ${surname}"/></initializer></component>
        <component class="Driver" key="bob" depends-on="v8, alice"><property name="name" value="Bob"/><property name="car"/></component>
        <component class="Driver" key="rider" scope="request" seeded="yes"/>
        <component class="Car" key="car" scope="singleton" before-property-injection="beforeInjection"
                   after-property-injection="afterInjection" init-method="ready" destroy-method="park">
            <initializer selector="initWithEngine:"><argument parameterName="engine" ref="v8"/></initializer>
            <property name="passengers"><collection><ref>alice</ref><ref>bob</ref></collection></property>
            <property name="tags"><collection requiredType="Set"><value>fast</value><value>${colour}</value></collection></property>
            <property name="ratings"><collection requiredType="Dictionary">
                <entry key="speed" value="9"/><entry key="${rating.key}" value="${rating.value}"/></collection></property>
            <property name="spare"><null/></property>
            <property name="owner" ref="bob"/>
            <property name="nickname" value="${nickname:Herbie}"/>
        </component>
        <component class="Settings" key="settings"><property name="timeout" value="${timeout}"/></component>
        <alias name="car" alias="ride"/>
        """

    static let properties = ["v8.horsepower": "450", "quiet.horsepower": "0x20", "surname": "Smith", "colour": "red",
                             "rating.key": "comfort", "rating.value": "7", "timeout": "250ms"]

    @Test(arguments: ["test", "production"])
    func theCompiledPlanTableIsTheInterpretersInEachEnvironment(environment: String) throws {
        var assemblies = AssemblyFixture.assemblies(Self.everyShape)
        assemblies.documents[0].placeholders = []  // the fixture's configuration is in memory
        let trip = try WiringRoundTrip(assemblies, configuration: AssemblyFixture.configuration(Self.properties, environment: environment),
                                       registry: Garage.registry())
        let (interpreted, compiled) = trip.tables
        #expect(interpreted != nil)
        #expect(compiled == interpreted)
        #expect(trip.compiled.diagnostics.isEmpty)
        // The profile picked a different engine, and the image says which.
        #expect(trip.image.components.contains { $0.key == (environment == "production" ? "petrol" : "quiet") })
    }

    @Test func theGeneratedTextHoldsNoValueOfTheConfiguration() throws {
        let assemblies = AssemblyFixture.assemblies(Self.everyShape)
        let trip = try WiringRoundTrip(assemblies, configuration: AssemblyFixture.configuration(Self.properties), registry: Garage.registry())
        let texts = trip.texts.joined(separator: "\n")
        for value in Self.properties.values {
            #expect(!texts.contains("\"\(value)\""), "\(value)")
            #expect(!texts.contains(" \(value) ") || Int(value) != nil, "\(value)")
        }
        #expect(texts.contains("${v8.horsepower}"))
        #expect(!texts.contains("Smith") && !texts.contains("250ms") && !texts.contains("comfort"))
    }

    @Test func aValueIsReadAtLoadSoAnEditCompilesNothing() throws {
        let assemblies = AssemblyFixture.assemblies(Self.everyShape)
        let trip = try WiringRoundTrip(assemblies, configuration: AssemblyFixture.configuration(Self.properties), registry: Garage.registry())
        var edited = Self.properties
        edited["v8.horsepower"] = "500"
        let image = try WiringReader.image(of: "test", entry: trip.text.entry, documents: trip.text.documents.map(\.text))
        let build = WiringBuild(image: image, configuration: AssemblyFixture.configuration(edited), registry: Garage.registry())
        let blueprint = try #require(build.blueprint)
        let factory = Factory(blueprint: blueprint, parent: nil)
        #expect(try factory.component(forKey: "car", as: Car.self).engine.horsepower == 500)
        #expect(try factory.component(forKey: "ride", as: Car.self).tags == ["fast", "red"])
    }

    @Test func aBadValueGivesTheInterpretersDiagnostic() throws {
        let assemblies = AssemblyFixture.assemblies(Self.everyShape)
        let trip = try WiringRoundTrip(assemblies, configuration: AssemblyFixture.configuration(Self.properties), registry: Garage.registry())
        var edited = Self.properties
        edited["v8.horsepower"] = "many"
        let configuration = AssemblyFixture.configuration(edited)
        let interpreted = EnvironmentBuild(assemblies: assemblies, configuration: configuration, registry: Garage.registry())
        let image = try WiringReader.image(of: "test", entry: trip.text.entry, documents: trip.text.documents.map(\.text))
        let compiled = WiringBuild(image: image, configuration: configuration, registry: Garage.registry())
        #expect(compiled.blueprint == nil)
        #expect(compiled.diagnostics.map(\.description) == interpreted.diagnostics.map(\.description))
        #expect(compiled.diagnostics.first?.code == .conversion)
    }

    @Test func aRegistryThatLostANameMakesTheWiringStaleAtTheComponent() throws {
        let assemblies = AssemblyFixture.assemblies(Self.everyShape)
        let trip = try WiringRoundTrip(assemblies, configuration: AssemblyFixture.configuration(Self.properties), registry: Garage.registry())
        var registry = Garage.registry()
        registry.register(Car.self) { car in
            car.initializer("initWithEngine:") { (engine: any Engine) in Car(engine: engine) }
        }
        let image = try WiringReader.image(of: "test", entry: trip.text.entry, documents: trip.text.documents.map(\.text))
        let build = WiringBuild(image: image, configuration: AssemblyFixture.configuration(Self.properties), registry: registry)
        #expect(build.blueprint == nil)
        let stale = try #require(build.diagnostics.first)
        #expect(stale.code == .staleWiring)
        #expect(stale.message.contains("component 'car'") && stale.message.contains("property 'passengers'"))
        #expect(stale.location?.line == AssemblyFixture.line(of: "key=\"car\"", in: Self.everyShape))
    }

    @Test func theWiringCheckThrowsWhenTheTwoPlanTablesDisagree() throws {
        var assemblies = AssemblyFixture.assemblies(Self.everyShape)
        assemblies.documents[0].placeholders = []
        let registry = Garage.registry()
        let build = EnvironmentBuild(assemblies: assemblies, configuration: AssemblyFixture.configuration(Self.properties), registry: registry)
        var other = Self.properties
        other["v8.horsepower"] = "451"
        // The same configuration: no disagreement. Another value: the compiled table holds 451 where the interpreter's holds 450.
        _ = try WiringCheck.build(build, assemblies: assemblies, configuration: AssemblyFixture.configuration(Self.properties),
                                  registry: registry)
        #expect {
            try WiringCheck.build(build, assemblies: assemblies, configuration: AssemblyFixture.configuration(other), registry: registry)
        } throws: { error in
            "\(error)".contains("compiled wiring disagrees with the interpreter") && "\(error)".contains("451")
        }
    }

    @Test func writingTheSameImagesTwiceGivesTheSameBytes() throws {
        let assemblies = AssemblyFixture.assemblies(Self.everyShape)
        let registry = Garage.registry()
        let images = try ["test", "production"].map { environment in
            try EnvironmentBuild(assemblies: assemblies, configuration: AssemblyFixture.configuration(Self.properties, environment: environment),
                                 registry: registry).wiringImage(of: assemblies, registry: registry)
        }
        let first = WiringWriter(images)
        let second = WiringWriter(images)
        #expect(first.entry == second.entry)
        #expect(first.documents.map(\.text) == second.documents.map(\.text))
        // Components alike in both environments are written once.
        let records = first.documents.map(\.text).joined().split(separator: "\n").filter { $0.hasPrefix("C ") }
        #expect(records.count == Set(images.flatMap { $0.components.map(\.key) }).count)
        for environment in ["test", "production"] {
            let read = try WiringReader.image(of: environment, entry: first.entry, documents: first.documents.map(\.text))
            #expect(read == images.first { $0.environment == environment })
        }
    }

    @Test func stringsWithQuotesHashesAndLineBreaksComeBackAsWritten() throws {
        let odd = "a \"quoted\" #(hash) \\#(raw) back\\slash\nline\u{2028}sep \u{1} é 🐉"
        let image = WiringImage(environment: "odd #env", placeholderLocations: [AttributeValue(odd, at: SourceLocation(file: "a #.xml", line: 1))],
                                components: [], aliases: [odd: "k"])
        let writer = WiringWriter([image])
        #expect(!writer.entry.contains("#"))
        #expect(!writer.entry.contains("\u{2028}"))
        #expect(try WiringReader.image(of: "odd #env", entry: writer.entry, documents: []) == image)
    }

    @Test(arguments: [
        "", "wiring 2\n", "wiring 1\nE \"test\"\nP 0 \"x\" 1\n", "wiring 1\nF \"a\"\nE \"test\"\nL \"unclosed 0 1 1\n",
        "wiring 1\nQ\n", "wiring 1\nE \"test\" extra\n", "wiring 1\nF \"a\"\nE \"test\"\nL \"x\" 7 1 1\n",
        "wiring 1\nE \"test\"\nA \"\\u{110000}\" \"k\"\n", "wiring 1\nE \"test\"\nA \"\\q\" \"k\"\n",
        "wiring 1\nE \"test\"\nP 99999999999999999999 \"x\" 1\n",
    ])
    func textTheWriterDidNotWriteIsStaleWiringNeverACrash(entry: String) {
        #expect(throws: Diagnostic.self) { try WiringReader.image(of: "test", entry: entry, documents: []) }
        do {
            _ = try WiringReader.image(of: "test", entry: entry, documents: [])
        } catch {
            #expect(error.code == .staleWiring)
        }
    }

    @Test func hostileDocumentsAreRefusedInTimeLinearInTheirSize() throws {
        let entry = "wiring 1\nF \"a\"\nE \"test\"\nP 0 \"x\" 1\n"
        let deep = "wiring 1\nC \"x\" 1 0 1 1 prototype 0 0 0 \"Driver\" i \"init\" 1 " + String(repeating: "a 1 ", count: 100_000) + "n\n"
        let huge = "wiring 1\nC \"x\" 1 0 1 1 prototype 0 0 0 \"Driver\" i \"init\" 999999999 n\n"
        let long = "wiring 1\nC \"x\" 1 0 1 1 prototype 0 0 0 \"Driver\" i \"" + String(repeating: "é", count: 1_000_000)
        for document in [deep, huge, long] {
            #expect(throws: Diagnostic.self) { try WiringReader.image(of: "test", entry: entry, documents: [document]) }
        }
    }
}
