@_spi(Tooling) import ComponentFactory
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
}
