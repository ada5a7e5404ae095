@_spi(Tooling) import ComponentFactory
import ComponentFactoryConfiguration
import ComponentFactoryTesting
import Configuration
import Testing

/// A settings type bound from a swift-configuration provider given as `sources:`.
struct PoolSettings: ComponentFactory.Settings {
    var size: Int
    static var prefix: String { "db.pool" }
    init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
        guard let size = binder.field("size", key: "size", as: Int.self, default: 4, written: "4", constraints: [.within(1...64)])
        else { throw binder.report }
        self.size = size
    }
}

@Suite struct ProviderSettingsTests {
    private func load(size: ConfigValue) throws -> Factory {
        let directory = try TemporaryDirectory()
        _ = try directory.write("Config/app.properties", "# nothing here\n")
        var registry = ComponentRegistry()
        registry.register(settings: PoolSettings.self)
        let source = ConfigProviderSource(providers: [InMemoryProvider(name: "pool-provider", values: ["db.pool.size": size])])
        return try Factory.load(assemblies: [], registry: registry,
                       options: .init(config: .path(directory.file("Config")), sources: [source]))
    }

    @Test func aProvidersValueBindsAndABrokenOneNamesTheProvider() throws {
        #expect(try load(size: 16).settings(PoolSettings.self).size == 16)
        let report = try #require(throws: DiagnosticReport.self) { _ = try load(size: 100) }
        #expect(report.diagnostics.map(\.code) == [.constraint])
        #expect(report.diagnostics.first?.location == nil)
        #expect(report.diagnostics.first?.message.contains("(set by ") == true)
        #expect(report.diagnostics.first?.message.contains("pool-provider") == true, "\(report)")
    }
}
