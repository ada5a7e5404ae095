@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import JavaProperties
import Testing

@Suite struct ConfigurationLoaderTests {
    /// A config root with one base file, two overlays, and a second base file
    /// whose name has a dash but no base of its own.
    private func makeRoot() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("app.properties", "db.url=sqlite:app.db\ndb.pool=4\nname=base\n")
        try directory.write("app-test.properties", "db.url=sqlite::memory:\n")
        try directory.write("app-production.properties", "db.url=postgres://db\ndb.pool=32\n")
        try directory.write("feature-flags.properties", "beta=false\n")
        return directory
    }

    private func locations(_ paths: String...) -> [AttributeValue] {
        paths.map { AttributeValue($0, at: SourceLocation(file: "Assemblies/app.xml", line: 2)) }
    }

    @Test func scanFindsBaseFilesAndEnvironmentsFromOverlays() throws {
        let directory = try makeRoot()
        let root = try ConfigRoot.scan(directory.path)
        #expect(root.baseFiles == ["app.properties", "feature-flags.properties"])
        #expect(root.environments == ["production", "test"])
    }

    @Test func scanOfMissingDirectoryIsPropertiesNotFound() {
        let error = thrown { () throws(Diagnostic) in _ = try ConfigRoot.scan("/nonexistent/config") }
        #expect(error?.code == .propertiesNotFound)
    }

    @Test func overlayOfTheActiveEnvironmentWinsOverItsBase() throws {
        let directory = try makeRoot()
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.path))
        let test = try loader.load(environment: "test")
        #expect(test.property(forKey: "db.url")?.text == "sqlite::memory:")
        #expect(test.property(forKey: "db.pool")?.text == "4")
        #expect(test.property(forKey: "env")?.text == "test")
        let production = try loader.load(environment: "production")
        #expect(production.property(forKey: "db.pool")?.text == "32")
        #expect(production.property(forKey: "db.pool")?.location?.file.hasSuffix("app-production.properties") == true)
    }

    @Test func withNoEnvironmentOnlyBaseFilesLoadAndEnvIsUnset() throws {
        let directory = try makeRoot()
        let configuration = try ConfigurationLoader(root: try ConfigRoot.scan(directory.path)).load(environment: nil)
        #expect(configuration.property(forKey: "db.url")?.text == "sqlite:app.db")
        #expect(configuration.property(forKey: "env") == nil)
    }

    @Test func laterLocationWins() throws {
        let directory = try makeRoot()
        try directory.write("more.properties", "name=more\n")
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.path))
        #expect(try loader.load(environment: nil, locations: locations("app.properties", "more.properties")).property(forKey: "name")?.text == "more")
        #expect(try loader.load(environment: nil, locations: locations("more.properties", "app.properties")).property(forKey: "name")?.text == "base")
    }

    @Test func environmentVariablesAreOptInAndUseRelaxedNames() throws {
        let directory = try makeRoot()
        let root = try ConfigRoot.scan(directory.path)
        let variables = ["DB_URL": "postgres://from-env", "FEATURE_FLAGS_BETA": "x"]
        #expect(try ConfigurationLoader(root: root).load(environment: "test").property(forKey: "db.url")?.text == "sqlite::memory:")
        let opted = try ConfigurationLoader(root: root, environmentVariables: variables).load(environment: "test")
        #expect(opted.property(forKey: "db.url")?.text == "postgres://from-env")
        #expect(opted.property(forKey: "feature-flags.beta")?.text == "x")
        #expect(!opted.keys.contains("DB_URL"))
    }

    @Test func overridesWinOverEverything() throws {
        let directory = try makeRoot()
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.path),
                                         environmentVariables: ["DB_URL": "env"], overrides: ["db.url": "override"])
        #expect(try loader.load(environment: "production").property(forKey: "db.url")?.text == "override")
    }

    @Test func missingLocationIsPropertiesNotFoundWithSuggestion() throws {
        let directory = try makeRoot()
        let site = SourceLocation(file: "Assemblies/app.xml", line: 3, column: 5)
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.path))
        let report = thrown { () throws(DiagnosticReport) in _ = try loader.load(environment: "test", locations: [AttributeValue("ap.properties", at: site)]) }
        #expect(report?.diagnostics.first?.code == .propertiesNotFound)
        #expect(report?.diagnostics.first?.location == site)
        #expect(report?.diagnostics.first?.message.contains("did you mean 'app.properties'") == true)
    }

    @Test func locationOutsideTheRootIsRejected() throws {
        let directory = try makeRoot()
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.path))
        for location in ["../secrets.properties", "/etc/passwd", "a/../../x.properties"] {
            let report = thrown { () throws(DiagnosticReport) in _ = try loader.load(environment: nil, locations: locations(location)) }
            #expect(report?.diagnostics.first?.code == .pathOutsideRoot, "\(location)")
        }
    }

    @Test func malformedFilesAreAllReportedWithLineAndColumn() throws {
        let directory = try makeRoot()
        try directory.write("bad-one.properties", "ok=1\nbad=\\u12\n")
        try directory.write("worse.properties", "x=\\uZZZZ\n")
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.path))
        let report = thrown { () throws(DiagnosticReport) in
            _ = try loader.load(environment: nil, locations: locations("bad-one.properties", "worse.properties"))
        }
        #expect(report?.diagnostics.map(\.code) == [.malformedProperties, .malformedProperties])
        #expect(report?.diagnostics.map { $0.location?.line } == [2, 1])
        #expect(report?.diagnostics.map { $0.location?.column } == [5, 3])
    }

    @Test func validatorWarnsOnDuplicatesAndReportsUnresolvedPlaceholders() throws {
        let directory = try TemporaryDirectory()
        try directory.write("app.properties", "a=1\nb=${missing}\na=2\n")
        let configuration = try ConfigurationLoader(root: try ConfigRoot.scan(directory.path)).load(environment: nil)
        let diagnostics = EnvironmentBuild(assemblies: AssemblySet(documents: []), configuration: configuration).diagnostics
        #expect(diagnostics.map(\.code) == [.duplicateProperty, .unresolvedPlaceholder])
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.location?.line == 3)
        #expect(diagnostics.first?.notes.first?.location?.line == 1)
        #expect(diagnostics.last?.location?.line == 2)
    }

    /// An ASCII key's variable, made byte by byte, is what the Unicode rule makes of it; a key beyond ASCII keeps that rule.
    @Test func aKeysVariableNameUppercasesItAndTurnsDotsAndDashesIntoUnderscores() {
        for key in ["db.url", "feature-flags.beta", "Mixed.Case_key-9", "a~b@c", ""] {
            #expect(EnvironmentVariablesSource.variableName(forKey: key)
                        == String(key.uppercased().map { $0 == "." || $0 == "-" ? "_" : $0 }))
        }
        #expect(EnvironmentVariablesSource.variableName(forKey: "straße.größe") == "STRASSE_GRÖSSE")
    }
}

@Suite struct ConfigurationListingTests {
    /// What `listing` must equal: every listed key, looked up through the whole stack.
    private func lookedUp(_ configuration: Configuration) -> [String] {
        configuration.keys.map { "\($0)=\(configuration.property(forKey: $0)?.text ?? "nil")" }
    }

    private func listed(_ configuration: Configuration) -> [String] {
        configuration.listing.pairs.map { "\($0.key)=\($0.value)" }
    }

    @Test func oneFileIsListedWholeInByteOrderWithTheLastAssignmentWinning() throws {
        let document = try PropertiesReader.read(text: "b=1\na=2\nb=3\né=4\nz=5\n", file: "app.properties")
        let configuration = Configuration(environment: nil, sources: [PropertiesFileSource(document: document)])
        #expect(listed(configuration) == ["a=2", "b=3", "z=5", "é=4"])
        #expect(listed(configuration) == lookedUp(configuration))
    }

    @Test func aLookupOnlySourceAboveAFileOverridesItsKeysButListsNoneOfItsOwn() throws {
        let document = try PropertiesReader.read(text: "db.url=file\nname=base\n", file: "app.properties")
        let configuration = Configuration(environment: "test", sources: [
            PropertiesFileSource(document: document),
            EnvironmentVariablesSource(variables: ["DB_URL": "from-env", "OTHER": "unlisted"]),
            InMemoryPropertySource(name: "overrides", values: ["name": "set", "extra": "x"]),
        ])
        #expect(listed(configuration) == ["db.url=from-env", "env=test", "extra=x", "name=set"])
        #expect(listed(configuration) == lookedUp(configuration))
    }

    @Test func aLookupOnlySourceBelowTheListingsChangesNothing() throws {
        let document = try PropertiesReader.read(text: "db.url=file\n", file: "app.properties")
        let configuration = Configuration(environment: nil, sources: [
            EnvironmentVariablesSource(variables: ["DB_URL": "from-env"]), PropertiesFileSource(document: document),
        ])
        #expect(listed(configuration) == ["db.url=file"])
        #expect(listed(configuration) == lookedUp(configuration))
    }
}
