@_spi(Tooling) import ComponentFactory
import Foundation
import ComponentFactoryTesting
import enum JavaProperties.PropertiesReader
import Testing

/// Typed settings bound from one environment's configuration: conversion,
/// defaults, constraints at the line that set the value, reads counted for
/// the unused-key check, and injection. Each test reads its own files.
@Suite struct SettingsBindingTests {
    /// What `@Settings(prefix: "server")` writes for these fields, by hand:
    /// the core library's tests do not build the macros.
    struct ServerSettings: ComponentFactory.Settings, Equatable {
        var port = 8080
        var host = "127.0.0.1"
        var logLevel = "info"
        var timeout: Duration = .seconds(30)
        var adminToken: String?
        var region: String

        static var prefix: String { "server" }

        init(port: Int = 8080, host: String = "127.0.0.1", region: String) {
            (self.port, self.host, self.region) = (port, host, region)
        }

        init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
            let port = binder.field("port", key: "port", as: Int.self, default: 8080, written: "8080",
                                    constraints: [.within(1...65_535)])
            let host = binder.field("host", key: "host", as: String.self, default: "127.0.0.1", written: "\"127.0.0.1\"",
                                    constraints: [.notEmpty, .matching("[a-z0-9.-]+")])
            let logLevel = binder.field("logLevel", key: "log-level", as: String.self, default: "info", written: "\"info\"",
                                        constraints: [.oneOf("debug", "info", "warning")])
            let timeout = binder.field("timeout", key: "timeout", as: Duration.self, default: .seconds(30), written: ".seconds(30)")
            let adminToken = binder.optionalField("adminToken", key: "admin-token", as: String.self)
            let region = binder.field("region", key: "region", as: String.self)
            guard let port, let host, let logLevel, let timeout, let adminToken, let region else { throw binder.report }
            (self.port, self.host, self.logLevel, self.timeout, self.adminToken, self.region)
                = (port, host, logLevel, timeout, adminToken, region)
        }
    }

    /// A component that takes the settings in its initializer.
    final class Server {
        let settings: ServerSettings
        init(settings: ServerSettings) { self.settings = settings }
    }

    private var registry: ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(settings: ServerSettings.self)
        registry.register(Server.self) { server in
            server.initializer("initWithSettings:") { (settings: ServerSettings) in Server(settings: settings) }
        }
        return registry
    }

    private let server = """
        <component class="Server" key="server"><initializer selector="initWithSettings:">\
        <argument parameterName="settings"/></initializer></component>
        """

    /// The assemblies of `components`, read from text.
    private func assemblies(_ components: String? = nil) -> AssemblySet {
        let reading = AssemblyReader.read(bytes: Array("<assembly>\(components ?? server)</assembly>".utf8), file: "Assemblies/app.xml")
        return AssemblySet(documents: [reading.document], diagnostics: reading.diagnostics)
    }

    /// The configuration of `files` (name and text, lowest first) and then `sources`, in `environment`.
    private func configuration(_ files: [(String, String)], environment: String = "production",
                               sources: [any PropertySource] = []) throws -> Configuration {
        let files = try files.map { name, text in PropertiesFileSource(document: try PropertiesReader.read(text: text, file: name)) }
        return Configuration(environment: environment, sources: files + sources)
    }

    private func validation(files: [(String, String)], environment: String = "production",
                            sources: [any PropertySource] = []) throws -> EnvironmentBuild {
        EnvironmentBuild(assemblies: assemblies(), configuration: try configuration(files, environment: environment, sources: sources),
                              registry: registry)
    }

    private func factory(files: [(String, String)]) throws -> Factory {
        try Factory(assemblies: assemblies(), configuration: try configuration(files), registry: registry)
    }

    /// A config root of `files`, by name.
    private func root(_ files: [String: String]) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for (name, text) in files { _ = try directory.write(name, text) }
        return directory
    }

    @Test func fieldsConvertFromTheirKeysAndTakeTheirDefaultsWhenUnset() throws {
        let factory = try factory(files: [("Config/app.properties", "server.port = 9090\nserver.region = ${zone}-1\nzone = eu\n"
                                                                   + "server.timeout = 2m\nserver.admin-token = t0k3n\n")])
        let settings = try factory.settings(ServerSettings.self)
        #expect(settings.port == 9090)
        #expect(settings.host == "127.0.0.1")
        #expect(settings.logLevel == "info")
        #expect(settings.timeout == .seconds(120))
        #expect(settings.adminToken == "t0k3n")
        #expect(settings.region == "eu-1")
    }

    @Test func aComponentThatTakesTheSettingsIsAutowiredWithTheBoundValue() throws {
        let factory = try factory(files: [("Config/app.properties", "server.port = 443\nserver.region = us\n")])
        let server = try factory.component(forKey: "server", as: Server.self)
        #expect(server.settings.port == 443)
        #expect(server.settings == (try factory.settings(ServerSettings.self)))
    }

    @Test func aRangeBrokenOnlyByProductionIsAConstraintErrorAtProductionsLineNamingTheField() throws {
        let files = [("Config/app.properties", "server.region = eu\nserver.port = 8443\n"),
                     ("Config/app-production.properties", "# production\nserver.port = 70000\n")]
        let found = try validation(files: files).diagnostics
        let problem = try #require(found.first)
        #expect(found.count == 1)
        #expect(problem.code == .constraint)
        #expect(problem.location?.description == "Config/app-production.properties:2:1")
        #expect(problem.message == "property 'server.port' = '70000' breaks field 'port' of settings ServerSettings: "
                    + "it is not within 1...65535")
        #expect(try validation(files: [files[0]], environment: "test").diagnostics.isEmpty)
    }

    @Test func everyFieldThatFailsIsReportedInOneBinding() throws {
        let found = try validation(files: [("Config/app.properties", """
            server.port = eighty
            server.host = Bad Host
            server.log-level = verbose
            server.timeout = 30
            """)]).diagnostics
        #expect(found.map(\.code) == [.conversion, .constraint, .constraint, .conversion, .unresolvedPlaceholder])
        #expect(found.map { $0.location?.line ?? 0 } == [1, 2, 3, 4, 0])
        #expect(found[0].message.hasPrefix("cannot convert 'eighty' of property 'server.port' to Int for field 'port' of settings ServerSettings: "))
        #expect(found[1].message.hasSuffix("breaks field 'host' of settings ServerSettings: it does not match [a-z0-9.-]+"))
        #expect(found[2].message.hasSuffix("it is not one of debug, info, warning"))
        #expect(found[4].message == "field 'region' of settings ServerSettings needs property 'server.region' (String), "
                    + "which no source sets; set it, or give the field a default")
    }

    @Test func aValueBuiltFromASecretIsMaskedInTheMessage() throws {
        let found = try validation(files: [("Config/app.properties", "server.region = eu\ndb.password = Hunter 2\n"
                                                                    + "server.host = ${db.password}\n")]).diagnostics
        let problem = try #require(found.first { $0.code == .constraint })
        #expect(!problem.message.contains("Hunter"))
        #expect(problem.message.contains("'server.host' = '\(SecretKeys.mask)'"))
    }

    @Test func settingsKeysCountAsReadAndAMisspelledOneIsUnused() throws {
        let found = try validation(files: [("Config/app.properties", "server.region = eu\nserver.prot = 1\n")]).diagnostics
        #expect(found.map(\.code) == [.unusedProperty])
        #expect(found.first?.message == "property 'server.prot' is set but nothing reads it; did you mean 'server.port' or 'server.host'?")
    }

    @Test func aValueFromASourceWithNoLinesIsNamedBySource() throws {
        let provider = InMemoryPropertySource(name: "vault", values: ["server.port": "0"])
        let found = try validation(files: [("Config/app.properties", "server.region = eu\n")], sources: [provider]).diagnostics
        #expect(found.count == 1)
        #expect(found.first?.location == nil)
        #expect(found.first?.message.hasPrefix("property 'server.port' = '0' (set by vault) breaks field 'port'") == true)
    }

    @Test func aLoadWithABrokenSettingsFieldThrowsItsDiagnostic() throws {
        let directory = try root(["app.properties": "server.region = eu\nserver.port = -1\n", "app-production.properties": "# production\n"])
        let report = thrown { () throws(DiagnosticReport) in
            _ = try Factory.load(assemblies: [], registry: registry,
                        options: .init(config: .path(directory.path), environment: "production", processEnvironment: [:]))
        }
        #expect(report?.diagnostics.map(\.code) == [.constraint])
        #expect(report?.diagnostics.first?.location?.line == 2)
    }

    @Test func codeWithoutAnAssemblyReadsTheSettingsOfAFactoryLoadedFromConfigurationAlone() throws {
        let directory = try root(["app.properties": "server.region = eu\n", "app-production.properties": "server.port = 1\n"])
        let factory = try Factory.load(assemblies: [], registry: registry,
                              options: .init(config: .path(directory.path), environment: "production", processEnvironment: [:]))
        #expect(try factory.settings(ServerSettings.self).port == 1)
    }

    @Test func settingsNobodyRegisteredAreUnknownClass() throws {
        let factory = try factory(files: [("Config/app.properties", "server.region = eu\n")])
        struct Other: ComponentFactory.Settings {
            static var prefix: String { "other" }
            init(from binder: inout SettingsBinder) throws(DiagnosticReport) {}
        }
        let report = thrown { () throws(DiagnosticReport) in _ = try factory.settings(Other.self) }
        #expect(report?.diagnostics.map(\.code) == [.unknownClass])
    }

    @Test func aDefaultThatBreaksItsOwnConstraintIsReportedWithNoLine() throws {
        struct Limits: ComponentFactory.Settings {
            var retries = 0
            static var prefix: String { "limits" }
            init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
                guard let retries = binder.field("retries", key: "retries", as: Int.self, default: 0, written: "0",
                                                 constraints: [.within(1...)]) else { throw binder.report }
                self.retries = retries
            }
        }
        var registry = ComponentRegistry()
        registry.register(settings: Limits.self)
        let validation = EnvironmentBuild(assemblies: assemblies(""), configuration: Configuration(environment: "test", sources: []),
                                               registry: registry)
        #expect(validation.diagnostics.map(\.message) == [
            "the default of field 'retries' of settings Limits, 0, breaks its constraint: it is less than 1; "
                + "set property 'limits.retries', or change the default",
        ])
    }

    @Test func aPatternThatDoesNotCompileBreaksTheFieldSayingWhy() throws {
        struct Named: ComponentFactory.Settings {
            var name: String
            static var prefix: String { "" }
            init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
                guard let name = binder.field("name", key: "name", as: String.self, constraints: [.matching("(")])
                else { throw binder.report }
                self.name = name
            }
        }
        var registry = ComponentRegistry()
        registry.register(settings: Named.self)
        let validation = EnvironmentBuild(assemblies: assemblies(""), configuration: try configuration([("Config/app.properties", "name = x\n")]),
                                               registry: registry)
        #expect(validation.diagnostics.map(\.code) == [.constraint])
        #expect(validation.diagnostics.first?.message.contains("the pattern ( is not a regular expression") == true)
    }

    @Test func constraintsDescribeThemselves() {
        #expect(SettingsConstraint<Int>.within(1...10).description == "within 1...10")
        #expect(SettingsConstraint<Int>.within(..<10).description == "less than 10")
        #expect(SettingsConstraint<String>.notEmpty.description == "not empty")
        #expect(SettingsConstraint<String>.oneOf("a", "b").description == "one of a, b")
        #expect(SettingsConstraint<String>.matching("[a-z]+").description == "matching [a-z]+")
    }
}
