import ComponentFactoryTesting
import Foundation
@_spi(Tooling) import FactoryTool
import Testing

/// A config tree, a mounted Secret, as the tools see it: `factory validate`
/// knows its keys exist, and the manifest lists them, by its files' names
/// alone; no tool reads a value from it.
@Suite struct ConfigTreeCommandTests {
    /// An assembly reading a tree's key, and a tree whose value is a random marker in a FIFO: reading it would block.
    private func layout() throws -> (directory: TemporaryDirectory, marker: String) {
        let directory = try TemporaryDirectory()
        let marker = "s3cret-" + UUID().uuidString
        try directory.write("Assemblies/app.xml", """
            <assembly>
                <property-placeholder location="app.properties, configtree:secrets/"/>
                <component class="Client" key="client"><property name="credentials" value="user:${db.password}"/></component>
            </assembly>
            """)
        try directory.write("Config/app.properties", "name = app\n")
        try directory.write("Config/secrets/db/password", marker + "\n")
        try FileManager.default.createDirectory(atPath: directory.file("Config/secrets/api"), withIntermediateDirectories: true)
        #expect(mkfifo(directory.file("Config/secrets/api/key"), 0o600) == 0)
        return (directory, marker)
    }

    @Test func validateKnowsATreesKeysByTheirFilesAndReadsNone() async throws {
        let (directory, marker) = try layout()
        let result = await factory("validate", directory.file("Assemblies"), "--config", directory.file("Config"))
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("unresolved-placeholder") && !result.standardOutput.contains(marker))
    }

    @Test func theManifestListsATreesKeysMaskedWithoutReadingThem() async throws {
        let (directory, marker) = try layout()
        let result = await factory("properties", "--manifest", "--assemblies", directory.file("Assemblies"), "--config", directory.file("Config"),
                                   "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"db.password\"") && result.standardOutput.contains("\"api.key\""), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains(marker) && result.standardOutput.contains("******"))
    }
}
