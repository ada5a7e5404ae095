import FactoryTool
import Foundation
import MiddleAges
import Testing

/// `middle-ages validate` is `FactoryTool` with the MiddleAges registry. Each
/// test copies the shipped `Assemblies/MiddleAges.xml` and `Config/` to a
/// directory of its own, breaks one thing, and runs the tool in-process.
@Suite struct MiddleAgesToolTests {
    /// The repository root, found from this file.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh copy of the example, with `edit` applied to the text of the file at `path` (relative to the copy).
    private func copyOfExample(editing path: String, _ edit: (String) -> String) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("middle-ages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("Assemblies"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Assemblies/MiddleAges.xml"),
                                         to: copy.appendingPathComponent("Assemblies/MiddleAges.xml"))
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Config"), to: copy.appendingPathComponent("Config"))
        let file = copy.appendingPathComponent(path)
        let original = try String(contentsOf: file, encoding: .utf8)
        let edited = edit(original)
        #expect(edited != original, "the edit must change \(path)")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        return copy
    }

    private func validate(_ copy: URL) -> ToolResult {
        FactoryTool.run(arguments: ["validate", copy.appendingPathComponent("Assemblies/MiddleAges.xml").path,
                                    "--config", copy.appendingPathComponent("Config").path],
                        environment: ToolEnvironment(registry: MiddleAgesRegistry.make()))
    }

    @Test func theShippedExampleIsClean() throws {
        let copy = try copyOfExample(editing: "Config/app.properties") { $0 + "\n# a comment changes nothing\n" }
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = validate(copy)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func aMisspelledClassIsUnknownClassAtItsLine() throws {
        let copy = try copyOfExample(editing: "Assemblies/MiddleAges.xml") {
            $0.replacingOccurrences(of: "<component class=\"CampaignQuest\"", with: "<component class=\"CampaignQeust\"")
        }
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = validate(copy)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("MiddleAges.xml:28:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[unknown-class]"))
    }

    @Test func aMisspelledPropertyIsUnknownPropertyAtItsLine() throws {
        let copy = try copyOfExample(editing: "Assemblies/MiddleAges.xml") {
            $0.replacingOccurrences(of: "<property name=\"damselsRescued\" value=\"${damsels.rescued}\"/>",
                                    with: "<property name=\"damselsRescud\" value=\"${damsels.rescued}\"/>")
        }
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = validate(copy)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("MiddleAges.xml:17:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[unknown-property]"))
    }

    @Test func aWordWhereConfigHadANumberIsAConversionErrorAtBothLines() throws {
        let copy = try copyOfExample(editing: "Config/app-production.properties") {
            $0.replacingOccurrences(of: "damsels.rescued = 42", with: "damsels.rescued = many")
        }
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = validate(copy)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("MiddleAges.xml:17:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[conversion]"))
        #expect(result.standardOutput.contains("app-production.properties:2:"))
    }
}
