@_spi(Tooling) import ComponentFactory
import enum JavaProperties.PropertiesReader
import Testing

/// `unused-property`: a key a `.properties` file sets that nothing reads in
/// the environment. Each test reads its own assembly and files.
@Suite struct UnusedKeysTests {
    /// The problems `validate` finds for `components` against `files` (name and text, lowest first) in `environment`.
    private func diagnostics(_ components: String, files: [(String, String)], environment: String? = "production") throws -> [Diagnostic] {
        let sources = try files.map { name, text in PropertiesFileSource(document: try PropertiesReader.read(text: text, file: name)) }
        let reading = AssemblyReader.read(bytes: Array("<assembly>\(components)</assembly>".utf8), file: "Assemblies/app.xml")
        let assemblies = AssemblySet(documents: [reading.document], diagnostics: reading.diagnostics)
        return assemblies.diagnostics
            + EnvironmentBuild(assemblies: assemblies, configuration: Configuration(environment: environment, sources: sources))
            .diagnostics
    }

    private func unused(_ components: String, files: [(String, String)], environment: String? = "production") throws -> [String] {
        try diagnostics(components, files: files, environment: environment).filter { $0.code == .unusedProperty }
            .map { "\($0.location?.description ?? "?") \($0.message)" }
    }

    private let knight = #"<component class="Knight" key="knight"><property name="damselsRescued" value="${damsels.rescued}"/></component>"#

    @Test func aTypoInAnOverlayIsReportedAtItsLineWithTheKeyMeant() throws {
        let found = try diagnostics(knight, files: [
            ("Config/app.properties", "damsels.rescued = 12\n"),
            ("Config/app-production.properties", "# production\ndamsels.resuced = 99\n"),
        ])
        let warning = try #require(found.first { $0.code == .unusedProperty })
        #expect(found.filter { $0.code == .unusedProperty }.count == 1)
        #expect(warning.severity == .warning)
        #expect(warning.location?.description == "Config/app-production.properties:2:1")
        #expect(warning.message == "property 'damsels.resuced' is set but nothing reads it; did you mean 'damsels.rescued'?")
        #expect(warning.environment == "production")
    }

    @Test func keysReadThroughValuesDefaultsAndNestedPlaceholdersCountAsRead() throws {
        let component = #"<component class="Client" key="client"><property name="url" value="${url}"/></component>"#
        let found = try unused(component, files: [("Config/app.properties", """
            url = ${scheme}://${host:${fallback.host:${last.resort}}}/${path.${env}}
            scheme = https
            host = example.org
            fallback.host = backup.example.org
            last.resort = localhost
            path.production = api
            path.test = test-api
            stray = 1
            """)])
        // path.test is named only by a key made of a placeholder, resolved for production: in production nothing reads it.
        #expect(found == ["Config/app.properties:7:1 property 'path.test' is set but nothing reads it",
                          "Config/app.properties:8:1 property 'stray' is set but nothing reads it"])
    }

    @Test func aKeyThatOnlyAnUnreadValueNamesIsUnreadToo() throws {
        let found = try unused(knight, files: [("Config/app.properties", "damsels.rescued = 1\nurl = ${host}/x\nhost = h\n")])
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.contains("'url'") || $0.contains("'host'") })
    }

    @Test func placeholdersInClassAndInLocationsCountAsRead() throws {
        let components = """
            <property-placeholder location="app.properties, app-${region:eu}.properties"/>
            <component class="${store.class}" key="store"/>
            """
        let found = try unused(components, files: [("Config/app.properties", "store.class = SQLiteStore\nregion = eu\n")])
        #expect(found.isEmpty, "\(found)")
    }

    @Test func appPropertiesDeclareWholeKeysAndPrefixes() throws {
        let components = knight + #"<app-property key="log.level"/><app-property prefix="feature."/>"#
        let found = try unused(components, files: [("Config/app.properties", """
            damsels.rescued = 1
            log.level = info
            feature.search = on
            feature.search.limit = 10
            featureless = 1
            log.levels = x
            """)])
        #expect(found == ["Config/app.properties:5:1 property 'featureless' is set but nothing reads it",
                          "Config/app.properties:6:1 property 'log.levels' is set but nothing reads it; did you mean 'log.level'?"])
    }

    @Test func overlappingPrefixesEachCoverTheirKeys() throws {
        let components = ["f.", "f.a", "g.b.", "g.", "zz"].map { #"<app-property prefix="\#($0)"/>"# }.joined()
        let found = try unused(components, files: [("Config/app.properties", "f.b = 1\nf.ab = 1\ng.c = 1\ng = 1\nfa = 1\nh = 1\nz = 1\n")])
        #expect(found.map { $0.components(separatedBy: "'")[1] } == ["g", "fa", "h", "z"])
    }

    @Test func anAppPropertyNeedsExactlyOneOfKeyAndPrefixAndNeitherEmpty() throws {
        let found = try diagnostics(#"""
            <app-property/>
            <app-property key="a" prefix="b"/>
            <app-property prefix=""/>
            """#, files: [])
        let missing = found.filter { $0.code == .missingAttribute }
        #expect(missing.count == 3)
        #expect(missing.allSatisfy { $0.message == "<app-property> needs a non-empty 'key' or 'prefix', not both" })
    }

    @Test func everyFileThatSetsAnUnreadKeyIsNamed() throws {
        let found = try unused(knight, files: [
            ("Config/app.properties", "damsels.rescued = 1\nold = 1\n"),
            ("Config/app-production.properties", "old = 2\n"),
        ])
        #expect(found.map { $0.components(separatedBy: " ").first ?? "" }
                == ["Config/app.properties:2:1", "Config/app-production.properties:1:1"])
    }

    /// Past the size at which the pass checks two halves at once: the keys read in each half count.
    @Test func fiveThousandUnreadKeysAmongFiveThousandReadOnesAreEachReported() throws {
        let count = 5_000
        let components = (0..<count).map { #"<component class="C" key="c\#($0)"><property name="p" value="${read.\#($0)}"/></component>"# }
        let prefixes = (0..<count).map { #"<app-property prefix="declared.\#($0)."/>"# }
        var text = ""
        for index in 0..<count { text += "read.\(index) = 1\nunread.\(index) = 2\ndeclared.\(index).x = 3\n" }
        let found = try diagnostics(components.joined() + prefixes.joined(), files: [("Config/app.properties", text)])
        let unused = found.filter { $0.code == .unusedProperty }
        #expect(unused.count == count)
        #expect(unused.allSatisfy { $0.message.hasPrefix("property 'unread.") }, "\(unused.first { !$0.message.hasPrefix("property 'unread.") }?.message ?? "")")
        #expect(unused.first?.location?.line == 2)
    }

    @Test func aBaseFileKeyThatOneEnvironmentReadsIsNotReportedForTheOthers() throws {
        let reading = AssemblyReader.read(bytes: Array("""
            <assembly>
                <component class="Backup" key="backup" profile="production"><property name="target" value="${backup.target}"/></component>
                <component class="Knight" key="knight"><property name="damselsRescued" value="${damsels.rescued}"/></component>
            </assembly>
            """.utf8), file: "Assemblies/app.xml")
        let assemblies = AssemblySet(documents: [reading.document])
        let base = try PropertiesReader.read(text: "backup.target = tape\ndamsels.rescued = 1\nstale = 1\n", file: "Config/app.properties")
        let validations = try ["production", "test"].map { environment in
            let overlay = try PropertiesReader.read(text: "leftover.\(environment) = 1\n", file: "Config/app-\(environment).properties")
            return EnvironmentBuild(assemblies: assemblies, configuration: Configuration(environment: environment, sources: [
                PropertiesFileSource(document: base), PropertiesFileSource(document: overlay),
            ]), knownEnvironments: ["production", "test"])
        }
        let unused = EnvironmentBuild.report(assemblies, validations).diagnostics.filter { $0.code == .unusedProperty }
            .map { "\($0.location?.description ?? "?") \($0.environment ?? "every environment")" }
        // backup.target is read in production only, yet set for all: not reported in test. 'stale' no environment reads.
        #expect(unused == ["Config/app.properties:3:1 every environment",
                           "Config/app-production.properties:1:1 production",
                           "Config/app-test.properties:1:1 test"])
        // Checked alone, test does not read backup.target: so says a single environment's validation.
        #expect(validations[1].diagnostics.contains { $0.code == .unusedProperty && $0.message.contains("'backup.target'") })
    }
}
