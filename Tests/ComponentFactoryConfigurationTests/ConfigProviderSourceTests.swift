@_spi(Tooling) import ComponentFactory
import ComponentFactoryConfiguration
import ComponentFactoryTesting
import Configuration
import Foundation
import SystemPackage
import Testing

/// What an assembly is wired with, from three kinds of provider at once.
final class Endpoint: Sendable {
    let url: String
    let pool: Int
    let region: String

    init(url: String, pool: Int, region: String) {
        self.url = url
        self.pool = pool
        self.region = region
    }
}

@Suite struct ConfigProviderSourceTests {
    static let assembly = """
        <assembly>
            <component class="Endpoint" key="endpoint" scope="singleton">
                <initializer selector="initWithUrl:pool:region:">
                    <argument parameterName="url" value="${db.url}"/>
                    <argument parameterName="pool" value="${db.pool}"/>
                    <argument parameterName="region" value="${region}"/>
                </initializer>
            </component>
        </assembly>
        """

    private func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Endpoint.self) { endpoint in
            endpoint.initializer("initWithUrl:pool:region:") { (url: String, pool: Int, region: String) in
                Endpoint(url: url, pool: pool, region: region)
            }
        }
        return registry
    }

    /// A workspace whose config root has the lowest layer: `db.url` and a region nobody reads.
    private func workspace(_ assembly: String = assembly) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        _ = try directory.write("Assemblies/app.xml", assembly)
        _ = try directory.write("Config/app.properties", "db.url = from-the-file\nregion.name = unused\n")
        return directory
    }

    /// Environment variables, then a JSON file, then values in memory: the first that has a key answers.
    private func providers(in directory: TemporaryDirectory, pool: ConfigValue = 3) async throws -> ConfigProviderSource {
        let json = try directory.write("config.json", #"{"db": {"url": "from-json", "pool": 8}}"#)
        return ConfigProviderSource(providers: [
            EnvironmentVariablesProvider(environmentVariables: ["DB_URL": "from-the-environment"]),
            try await FileProvider<JSONSnapshot>(filePath: FilePath(json)),
            InMemoryProvider(name: "defaults", values: ["db.pool": pool, "region": "eu-west"]),
        ])
    }

    @Test func oneAssemblysPlaceholdersComeFromEnvironmentJSONAndMemoryInTheirOrder() async throws {
        let directory = try workspace()
        let source = try await providers(in: directory)
        let factory = try Factory.load(assemblies: [.path(directory.file("Assemblies"))], registry: registry(),
                              options: .init(config: .path(directory.file("Config")), sources: [source]))
        let endpoint = try factory.component(forKey: "endpoint", as: Endpoint.self)
        #expect(endpoint.url == "from-the-environment", "the environment comes first, and every provider wins over the files")
        #expect(endpoint.pool == 8, "JSON's number, as text, before the value in memory")
        #expect(endpoint.region == "eu-west", "only the values in memory have it")
    }

    @Test func aMissingKeyIsStillUnresolvedWithADidYouMean() async throws {
        let directory = try workspace(Self.assembly.replacingOccurrences(of: "${db.url}", with: "${db.ulr}"))
        let source = try await providers(in: directory)
        let report = try #require(throws: DiagnosticReport.self) {
            _ = try Factory.load(assemblies: [.path(directory.file("Assemblies"))], registry: registry(),
                        options: .init(config: .path(directory.file("Config")), sources: [source]))
        }
        let diagnostic = try #require(report.diagnostics.first)
        #expect(diagnostic.code == .unresolvedPlaceholder)
        #expect(diagnostic.message.contains("no property 'db.ulr'; did you mean 'db.url'?"), "\(diagnostic)")
        #expect(diagnostic.location?.line == 4)
    }

    @Test func aBadValueNamesTheProviderItCameFrom() async throws {
        let directory = try workspace()
        let source = try await providers(in: directory)
        let pool = ConfigProviderSource(providers: [InMemoryProvider(name: "pool-settings", values: ["db.pool": "eight"])])
        let report = try #require(throws: DiagnosticReport.self) {
            _ = try Factory.load(assemblies: [.path(directory.file("Assemblies"))], registry: registry(),
                        options: .init(config: .path(directory.file("Config")), sources: [source, pool]))
        }
        let conversion = try #require(report.diagnostics.first { $0.code == .conversion })
        #expect(conversion.message.contains("'eight'"))
        #expect(conversion.notes.map { $0.location?.file } == ["InMemoryProvider[pool-settings]"], "\(report)")
        #expect("\(report)".contains("InMemoryProvider[pool-settings]: note: the text comes from this property"), "\(report)")
    }

    @Test func aConfigReaderAnswersThroughItsOwnProviders() throws {
        let reader = ConfigReader(providers: [InMemoryProvider(values: ["db.url": "from-reader"])])
        let source = ConfigProviderSource(reader: reader)
        #expect(source.property(forKey: "db.url")?.text == "from-reader")
        #expect(source.property(forKey: "db.url")?.sourceName == reader.description)
        #expect(source.property(forKey: "db.missing") == nil)
        #expect(source.listedKeys.isEmpty)
    }
}
