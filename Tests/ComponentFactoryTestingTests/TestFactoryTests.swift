@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Testing

/// `TestFactory` on files written into a temporary directory: the `test`
/// environment by default, overrides on top, and nothing from outside.
struct TestFactoryTests {
    /// An assembly whose engine class comes from the configuration, and a config root with a test overlay.
    static func files() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/Workshop.xml", """
            <assembly>
                <property-placeholder location="app.properties"/>
                <component class="${engine.class}" key="engine"/>
            </assembly>
            """)
        try directory.write("Config/app.properties", "engine.class = PetrolEngine\n")
        try directory.write("Config/app-test.properties", "engine.class = PetrolEngine\n")
        try directory.write("Config/app-production.properties", "engine.class = DieselEngine\n")
        return directory
    }

    static func make(_ directory: TemporaryDirectory, environment: String = "test",
                     overrides: [String: String] = [:]) throws -> Factory {
        try TestFactory.make(assemblies: [.path(directory.file("Assemblies"))], registry: Workshop.registry(),
                             options: .test(config: .path(directory.file("Config")), environment: environment, overrides: overrides))
    }

    @Test func itBuildsTheTestEnvironmentByDefault() throws {
        let factory = try Self.make(try Self.files())

        #expect(factory.environment == "test")
        #expect(try Workshop.engineName(factory) == "petrol")
    }

    @Test func overridesWinOverTheProperties() throws {
        let directory = try Self.files()

        let error = #expect(throws: DiagnosticReport.self) {
            try Self.make(directory, overrides: ["engine.class": "DieselEngin"])
        }

        #expect(error?.diagnostics.first?.code == .unknownClass)
    }

    @Test func anUnknownEnvironmentIsAnErrorThatListsTheKnownOnes() throws {
        let report = #expect(throws: DiagnosticReport.self) { try Self.make(try Self.files(), environment: "tset") }

        let error = try #require(report?.diagnostics.first)
        #expect(error.code == .propertiesNotFound)
        #expect(error.message.contains("did you mean 'test'"))
        #expect(error.message.contains("production, test"))
    }

    @Test func environmentVariablesAreNotRead() throws {
        // HOME is set in every process; were environment variables read, it would answer ${home}.
        let directory = try Self.files()
        try directory.write("Config/app-test.properties", "engine.class = ${home:PetrolEngine}\n")

        #expect(try Workshop.engineName(try Self.make(directory)) == "petrol")
    }

    @Test func aBrokenAssemblyIsThrownWithItsLine() throws {
        let directory = try Self.files()
        try directory.write("Assemblies/Workshop.xml", "<assembly>\n<component class=\"PetrolEngine\" key=\"engine\" scop=\"singleton\"/>\n</assembly>\n")

        let error = #expect(throws: DiagnosticReport.self) { try Self.make(directory) }

        #expect(error?.diagnostics.first?.code == .unknownAttribute)
        #expect(error?.diagnostics.first?.location?.line == 2)
    }
}
