@_spi(Tooling) import ComponentFactory
import JavaProperties
import Testing

@Suite struct RegistryValidationTests {
    private struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let components: String
        let properties: [String: String]
        let code: DiagnosticCode
        /// Text on the line the diagnostic must point at.
        let lineText: String
        let messageFragment: String
        var testDescription: String { name }
    }

    private static let car = """
        <component class="ElectricEngine" key="engine"/>
        <component class="Car" key="car">
            <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
            PROPERTY
        </component>
        """

    private static func car(_ property: String) -> String { car.replacingOccurrences(of: "PROPERTY", with: property) }

    private static let cases: [Case] = [
        Case(name: "unknown class", components: "<component class=\"Engin\" key=\"e\"/>", properties: [:],
             code: .unknownClass, lineText: "Engin", messageFragment: "no registered type named 'Engin'"),
        Case(name: "unknown initializer", components: """
            <component class="Driver" key="d">
                <initializer selector="initWithNaem:"><argument parameterName="naem" value="x"/></initializer>
            </component>
            """, properties: [:], code: .unknownInitializer, lineText: "initWithNaem:", messageFragment: "did you mean 'initWithName:'?"),
        Case(name: "missing argument", components: """
            <component class="Car" key="car"><initializer selector="initWithEngine:"/></component>
            """, properties: [:], code: .missingArgument, lineText: "initWithEngine:", messageFragment: "needs parameter 'engine' (Engine)"),
        Case(name: "unknown property", components: car("<property name=\"nmae\" value=\"x\"/>"), properties: [:],
             code: .unknownProperty, lineText: "nmae", messageFragment: "did you mean 'name'?"),
        Case(name: "unknown callback", components: "<component class=\"Driver\" key=\"d\" init-method=\"readdy\"/>", properties: [:],
             code: .unknownCallback, lineText: "readdy", messageFragment: "no registered callback 'readdy'"),
        Case(name: "conversion from a property", components: car("<property name=\"wheels\" value=\"${wheels}\"/>"),
             properties: ["wheels": "four"], code: .conversion, lineText: "wheels",
             messageFragment: "cannot convert 'four' to Int for 'wheels' of component 'car'"),
        Case(name: "conversion of a text built from a secret", components: car("<property name=\"wheels\" value=\"${wheels}\"/>"),
             properties: ["wheels": "x${api.token}", "api.token": "four"], code: .conversion, lineText: "wheels",
             messageFragment: "cannot convert '******' to Int for 'wheels' of component 'car'"),
        Case(name: "type mismatch of a reference", components: car("<property name=\"owner\" ref=\"engine\"/>"), properties: [:],
             code: .typeMismatch, lineText: "owner", messageFragment: "is Driver?, but 'engine' is ElectricEngine"),
        Case(name: "null into a non-optional", components: car("<property name=\"name\"><null/></property>"), properties: [:],
             code: .typeMismatch, lineText: "<null/>", messageFragment: "not optional"),
        Case(name: "value into a collection", components: car("<property name=\"tags\" value=\"x\"/>"), properties: [:],
             code: .typeMismatch, lineText: "tags", messageFragment: "give it a <collection>"),
        Case(name: "ambiguous autowiring", components: car("<property name=\"spare\"/>")
                + "\n<component class=\"ElectricEngine\" key=\"other\"/>", properties: [:],
             code: .ambiguousType, lineText: "spare", messageFragment: "'engine', 'other'"),
        Case(name: "no component to autowire", components: car("<property name=\"owner\"/>"), properties: [:],
             code: .noComponentForType, lineText: "owner", messageFragment: "no component of type Driver"),
    ]

    @Test(arguments: cases)
    private func eachRegistryCheckPointsAtTheLineWithItsCode(_ example: Case) throws {
        let diagnostics = AssemblyFixture.diagnostics(example.components, properties: example.properties,
                                                      registry: Garage.registry())
        let diagnostic = try #require(diagnostics.first, "expected \(example.code)")
        #expect(diagnostics.count == 1, "\(diagnostics.map(\.message))")
        #expect(diagnostic.code == example.code)
        #expect(diagnostic.location?.file == AssemblyFixture.file)
        #expect(diagnostic.location?.line == AssemblyFixture.line(of: example.lineText, in: example.components))
        #expect(diagnostic.message.contains(example.messageFragment), "\(diagnostic.message)")
    }

    @Test func aConversionErrorAlsoPointsAtThePropertiesLine() throws {
        let loaded = AssemblyFixture.assemblies(Self.car("<property name=\"wheels\" value=\"${wheels}\"/>"))
        let source = PropertiesFileSource(document: try PropertiesReader.read(text: "# cars\nwheels = four\n", file: "cars.properties"))
        let configuration = Configuration(environment: "test", sources: [source])
        let diagnostics = EnvironmentBuild(assemblies: loaded, configuration: configuration, registry: Garage.registry()).diagnostics
        #expect(diagnostics.first?.notes.first?.location == ComponentFactory.SourceLocation(file: "cars.properties", line: 2))
    }

    @Test func aValidAssemblyHasNoDiagnostics() {
        #expect(AssemblyFixture.diagnostics(Self.car("<property name=\"name\" value=\"Herbie\"/>"), registry: Garage.registry()).isEmpty)
    }
}

@Suite struct OneRunValidationTests {
    @Test func aMisspelledSelectorIsNamedFirstNotItsParameters() {
        let components = """
            <component class="Car" key="car">
                <initializer selector="initWithEngin:">
                    <argument parameterName="engine" ref="engine"/>
                </initializer>
            </component>
            <component class="ElectricEngine" key="engine"/>
            """
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Garage.registry())
        #expect(diagnostics.map(\.code) == [.unknownInitializer])
        #expect(diagnostics.first?.message == "'Car' registers no initializer or class method 'initWithEngin:'; did you mean 'initWithEngine:'?")
        #expect(diagnostics.first?.location?.line == AssemblyFixture.line(of: "initWithEngin:", in: components))
    }

    @Test func registryAwareChecksRunBesideRegistryFreeErrors() {
        let diagnostics = AssemblyFixture.diagnostics("""
            <component class="ElectricEngine" key="engine" scope="singelton"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="motor"/></initializer>
            </component>
            <component class="Driver" key="driver"><property name="nmae" value="Rita"/></component>
            """, registry: Garage.registry())
        #expect(diagnostics.map(\.code) == [.invalidAttributeValue, .unknownReference, .unknownProperty])
    }
}
