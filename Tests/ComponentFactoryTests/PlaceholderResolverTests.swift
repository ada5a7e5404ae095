@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import enum JavaProperties.PropertiesReader
import Testing

@Suite struct PlaceholderResolverTests {
    private let site = SourceLocation(file: "Assemblies/app.xml", line: 7, column: 5)

    private func configuration(_ values: [String: String], environment: String? = "test") -> Configuration {
        Configuration(environment: environment, sources: [InMemoryPropertySource(name: "fixture", values: values)])
    }

    private func resolve(_ text: String, _ values: [String: String], environment: String? = "test") throws(Diagnostic) -> String {
        var resolver = PlaceholderResolver(configuration: configuration(values, environment: environment))
        return try resolver.resolve(text, at: site)
    }

    private func failure(_ text: String, _ values: [String: String]) -> Diagnostic? {
        thrown { () throws(Diagnostic) in _ = try resolve(text, values) }
    }

    @Test func embeddedPlaceholdersResolveInPlace() throws {
        #expect(try resolve("http://${host}:${port}/api", ["host": "example.org", "port": "8080"]) == "http://example.org:8080/api")
    }

    @Test func defaultIsUsedOnlyWhenTheKeyIsMissing() throws {
        #expect(try resolve("${port:80}", [:]) == "80")
        #expect(try resolve("${port:80}", ["port": "8080"]) == "8080")
        #expect(try resolve("${url:http://x:1/}", [:]) == "http://x:1/")
        #expect(try resolve("${empty:}", [:]) == "")
    }

    @Test func defaultMayItselfContainPlaceholders() throws {
        #expect(try resolve("${a:${b:none}}", ["b": "bee"]) == "bee")
        #expect(try resolve("${a:${b:none}}", [:]) == "none")
    }

    @Test func nestedKeyIsResolvedFirst() throws {
        let values = ["db.test.url": "sqlite::memory:", "db.production.url": "postgres://db"]
        #expect(try resolve("${db.${env}.url}", values) == "sqlite::memory:")
        #expect(try resolve("${db.${env}.url}", values, environment: "production") == "postgres://db")
    }

    @Test func propertyValuesResolveRecursively() throws {
        let values = ["base": "/srv", "logs": "${base}/logs", "file": "${logs}/app.log"]
        #expect(try resolve("${file}", values) == "/srv/logs/app.log")
    }

    @Test func escapedOpeningIsLiteral() throws {
        #expect(try resolve("cost \\${price} is ${price}", ["price": "5"]) == "cost ${price} is 5")
        #expect(try resolve("${a}", ["a": "\\${literal}"]) == "${literal}")
    }

    @Test func textWithoutPlaceholdersIsReturnedUnchanged() throws {
        #expect(try resolve("plain $ { } \\ text", [:]) == "plain $ { } \\ text")
    }

    @Test func builtInEnvKeyHoldsTheActiveEnvironment() throws {
        #expect(try resolve("${env}", [:], environment: "production") == "production")
    }

    @Test func unresolvedPlaceholderNamesKeySiteEnvironmentAndNearMisses() {
        let error = failure("${db.urll}", ["db.url": "x", "db.user": "u"])
        #expect(error?.code == .unresolvedPlaceholder)
        #expect(error?.location == site)
        #expect(error?.environment == "test")
        #expect(error?.message.contains("'db.urll'") == true)
        #expect(error?.message.contains("did you mean 'db.url'") == true)
    }

    @Test func unresolvedInsideAPropertyPointsAtThatPropertysLine() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("app.properties", "# comment\nurl=${hots}/api\nhost=h\n")
        let configuration = try ConfigurationLoader(root: try ConfigRoot.scan(directory.path)).load(files: [file])
        var resolver = PlaceholderResolver(configuration: configuration)
        let error = thrown { () throws(Diagnostic) in _ = try resolver.resolve("${url}", at: site) }
        #expect(error?.location == SourceLocation(file: file, line: 2))
        #expect(error?.message.contains("did you mean 'host'") == true)
        #expect(error?.code == .unresolvedPlaceholder)
        #expect(error?.environment == nil)
    }

    @Test func cycleReportsItsPathAndWhereEachKeyIsDefined() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("app.properties", "a=${b}\nb=x${c}\nc=${a}\n")
        let configuration = try ConfigurationLoader(root: try ConfigRoot.scan(directory.path)).load(files: [file])
        var resolver = PlaceholderResolver(configuration: configuration)
        let error = thrown { () throws(Diagnostic) in _ = try resolver.resolve("${a}", at: site) }
        #expect(error?.code == .placeholderCycle)
        #expect(error?.message.hasSuffix("a → b → c → a") == true)
        #expect(error?.notes.map(\.location?.line) == [1, 2, 3])
    }

    @Test func selfReferenceIsACycle() {
        #expect(failure("${a}", ["a": "${a}"])?.code == .placeholderCycle)
    }

    @Test func chainOf64LevelsResolvesAnd65Fails() throws {
        var values: [String: String] = [:]
        for level in 1...64 { values["k\(level)"] = "${k\(level + 1)}" }
        values["k65"] = "bottom"
        #expect(failure("${k1}", values)?.message.contains("more than 64 levels") == true)
        values["k64"] = "bottom"
        #expect(try resolve("${k1}", values) == "bottom")
    }

    @Test func deeplyNestedKeysAreBounded() {
        let text = String(repeating: "${a", count: 200) + String(repeating: "}", count: 200)
        #expect(failure(text, [:])?.code == .unresolvedPlaceholder)
    }

    /// A site that is one key's placeholder gives that key's value as the text around it would: a
    /// value too long is refused, and a missing key is `unresolved-placeholder`, as inside a longer text.
    @Test func aSiteThatIsOnePlaceholderIsBoundedAndReportedAsAnyOther() throws {
        let long = String(repeating: "x", count: PlaceholderResolver.maximumLength + 1)
        #expect(failure("${big}", ["big": long])?.message.contains("longer than 1048576 bytes") == true)
        #expect(try resolve("${fits}", ["fits": "ok"]) == "ok")
        let missing = failure("${db.url}", ["db.uri": "x"])
        #expect(missing?.code == .unresolvedPlaceholder)
        #expect(missing?.message == failure("${db.url}!", ["db.uri": "x"])?.message)
        #expect(missing?.location == site)
    }

    @Test func exponentialChainStopsAtOneMebibyte() {
        var values: [String: String] = [:]
        for level in 0..<40 { values["k\(level)"] = "${k\(level + 1)}${k\(level + 1)}" }
        values["k40"] = "x"
        let error = failure("${k0}", values)
        #expect(error?.code == .unresolvedPlaceholder)
        #expect(error?.message.contains("longer than 1048576 bytes") == true)
    }

    @Test func unterminatedAndEmptyPlaceholdersAreErrors() {
        #expect(failure("${open", [:])?.message.contains("unterminated") == true)
        #expect(failure("${}", [:])?.message.contains("empty key") == true)
    }

    // Spring 6.2.2's rules, each written here from its documented behaviour.

    @Test func anEscapedColonIsPartOfTheKey() throws {
        #expect(try resolve("${first\\:Name}", ["first:Name": "John"]) == "John")
        #expect(try resolve("${first\\:Name:anonymous}", [:]) == "anonymous")
        #expect(failure("${first\\:Name}", ["Name": "wrong"])?.message.contains("no property 'first:Name'") == true)
    }

    @Test func theWholeTextIsTriedAsAKeyBeforeTheDefaultIsSplitOff() throws {
        #expect(try resolve("${prefix://my-service}", ["prefix://my-service": "http://svc"]) == "http://svc")
        #expect(try resolve("${prefix://my-service}", [:]) == "//my-service", "no such key: 'prefix' with the default '//my-service'")
        #expect(try resolve("${prefix://my-service}", ["prefix": "p"]) == "p")
    }

    @Test func anEscapedOpeningInsideAPlaceholderKeepsBracesMatched() throws {
        #expect(try resolve("${\\${test}}", ["${test}": "literal key"]) == "literal key")
        #expect(try resolve("${\\${test}:fallback} and after", [:]) == "fallback and after")
        #expect(try resolve("\\${test} stays", ["test": "no"]) == "${test} stays")
    }

    @Test func oneValueOfManyPlaceholdersResolvesInLinearTime() throws {
        var values: [String: String] = [:]
        var text = ""
        for index in 0..<20_000 {
            values["k\(index)"] = "v"
            text += "${k\(index)}"
        }
        var resolver = PlaceholderResolver(configuration: Configuration(environment: nil, sources: [
            PropertiesFileSource(document: try PropertiesReader.read(
                text: values.map { "\($0.key)=\($0.value)" }.joined(separator: "\n"), file: "many.properties")),
        ]))
        var origins: [ComponentFactory.SourceLocation] = []
        let value = try resolver.resolve(text, at: site, origins: &origins)
        #expect(value.count == 20_000)
        #expect(origins.count == 20_000, "each property line once")
    }
}
