@testable @_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Testing

/// The manifest of every key, built from files on disk. Each test writes its own.
@Suite struct PropertyManifestTests {
    @Test func tenThousandDescribedKeysEachGetTheirDescriptionAndReader() throws {
        let directory = try TemporaryDirectory()
        var assembly = "<assembly>\n"
        var base = "# The file's header.\n\n"
        for index in 0..<10_000 {
            assembly += "<component class=\"Knight\" key=\"k\(index)\"><property name=\"rescued\" value=\"${knight.\(index)}\"/></component>\n"
            base += "# Knight \(index)'s count,\n# in damsels.\nknight.\(index) = \(index)\n"
        }
        let assemblyPath = try directory.write("Assemblies/app.xml", assembly + "</assembly>\n")
        _ = try directory.write("Config/app.properties", base)
        _ = try directory.write("Config/app-test.properties", "knight.0 = 99\n")
        let loaded = AssemblyLoader.load(paths: [assemblyPath])
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.file("Config")))
        let manifest = try PropertyManifest(assemblies: loaded.assemblies, loader: loader)
        #expect(manifest.keys.count == 10_000)
        let first = try #require(manifest.keys.first { $0.key == "knight.0" })
        #expect(first.description == ["Knight 0's count,", "in damsels."])
        #expect(first.values.map(\.value) == ["99"])
        #expect(first.values.first?.location?.file.hasSuffix("app-test.properties") == true)
        #expect(first.readers.map(\.component) == ["k0"])
        #expect(first.readers.first?.member == "property 'rescued'")
        let last = try #require(manifest.keys.first { $0.key == "knight.9999" })
        #expect(last.description == ["Knight 9999's count,", "in damsels."])
        #expect(last.readers.first?.location?.line == 10_000 + 1)
    }

    /// A settings type of two fields, as `@Settings(prefix: "pool")` writes it.
    struct PoolSettings: ComponentFactory.Settings {
        var size = 4
        var idle: Duration = .seconds(30)
        static var prefix: String { "pool" }
        init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
            let size = binder.field("size", key: "size", as: Int.self, default: 4, written: "4", constraints: [.within(1...64)])
            let idle = binder.field("idle", key: "idle", as: Duration.self, default: .seconds(30), written: ".seconds(30)",
                                    constraints: [.within(Duration.seconds(1)...Duration.seconds(3600))])
            guard let size, let idle else { throw binder.report }
            (self.size, self.idle) = (size, idle)
        }
    }

    @Test func settingsFieldsAndPlaceholderDefaultsAreReadersWithTheirDefaultsAndConstraints() throws {
        let directory = try TemporaryDirectory()
        let assemblyPath = try directory.write("Assemblies/app.xml", """
            <assembly><component class="Knight" key="knight">\
            <property name="rescued" value="${damsels:3}"/><property name="name" value="${title:Sir} ${name}"/>\
            </component></assembly>
            """)
        _ = try directory.write("Config/app.properties", "# How many connections the pool keeps.\npool.size = 8\ndamsels = 1\nname = X\n")
        _ = try directory.write("Config/app-test.properties", "pool.size = 2\n")
        var registry = ComponentRegistry()
        registry.register(settings: PoolSettings.self)
        let loaded = AssemblyLoader.load(paths: [assemblyPath])
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.file("Config")))
        let manifest = try PropertyManifest(assemblies: loaded.assemblies, loader: loader, registry: registry)
        #expect(manifest.keys.map(\.key) == ["damsels", "name", "pool.idle", "pool.size"])
        let size = try #require(manifest.keys.first { $0.key == "pool.size" })
        #expect(size.description == ["How many connections the pool keeps."])
        #expect(size.values.map(\.value) == ["2"])
        #expect(size.readers.count == 1)
        let reader = try #require(size.readers.first)
        #expect([reader.component, reader.member, reader.type, reader.settings, reader.defaultValue]
                    == ["", "field 'size'", "Int", "PoolSettings", "4"])
        #expect(reader.constraints == ["within 1...64"])
        // Bound by hand, with no declaration given: the line of the binding.
        #expect(reader.location?.file == #filePath && reader.location?.line == 39, "\(String(describing: reader.location))")
        // Set nowhere, listed all the same, with what it defaults to.
        let idle = try #require(manifest.keys.first { $0.key == "pool.idle" })
        #expect(idle.values.isEmpty)
        #expect(idle.readers.first?.defaultValue == ".seconds(30)")
        #expect(idle.readers.first?.constraints == ["within 1s...1h"])
        #expect(manifest.keys.first { $0.key == "damsels" }?.readers.first?.defaultValue == "3")
        #expect(manifest.keys.first { $0.key == "name" }?.readers.first?.defaultValue == nil)
    }

    @Test func writtenDefaultsAreTheOutermostPlaceholdersWithPlainKeys() {
        #expect(PlaceholderResolver.writtenDefaults(in: "${a:1}/${b}/${c:${d:2}}/\\${e:3}/${f${g}:4}")
                    == ["a": "1", "c": "${d:2}"])
        let huge = String(repeating: "${k:v}", count: 100_000)
        #expect(PlaceholderResolver.writtenDefaults(in: huge) == ["k": "v"])
    }
}
