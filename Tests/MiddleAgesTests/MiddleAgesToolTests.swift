@_spi(Tooling) import FactoryTool
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

    private func validate(_ copy: URL) async throws -> ToolResult {
        await FactoryTool.run(arguments: ["validate", copy.appendingPathComponent("Assemblies/MiddleAges.xml").path,
                                    "--config", copy.appendingPathComponent("Config").path],
                        environment: ToolEnvironment(registry: try MiddleAgesRegistry.make()))
    }

    @Test func theShippedExampleIsClean() async throws {
        let copy = try copyOfExample(editing: "Config/app.properties") { $0 + "\n# a comment changes nothing\n" }
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = try await validate(copy)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    /// One thing broken in a copy of the example, and what the report must say of it.
    struct Breakage: Sendable, CustomTestStringConvertible {
        let what: String
        let path: String
        let original: String
        let broken: String
        /// Each must appear in the report: the file:line and the code.
        let expected: [String]
        var testDescription: String { what }
    }

    static let breakages = [
        Breakage(what: "a misspelled class is unknown-class at its line", path: "Assemblies/MiddleAges.xml",
                 original: "<component class=\"CampaignQuest\"", broken: "<component class=\"CampaignQeust\"",
                 expected: ["MiddleAges.xml:28:", "[unknown-class]"]),
        Breakage(what: "a misspelled property is unknown-property at its line", path: "Assemblies/MiddleAges.xml",
                 original: "<property name=\"damselsRescued\" value=\"${damsels.rescued}\"/>",
                 broken: "<property name=\"damselsRescud\" value=\"${damsels.rescued}\"/>",
                 expected: ["MiddleAges.xml:17:", "[unknown-property]"]),
        Breakage(what: "a word where Config had a number is a conversion error at both lines", path: "Config/app-production.properties",
                 original: "damsels.rescued = 42", broken: "damsels.rescued = many",
                 expected: ["MiddleAges.xml:17:", "[conversion]", "app-production.properties:2:"]),
    ]

    @Test(arguments: breakages)
    func eachBreakageExitsOneWithItsCodeAndLine(_ breakage: Breakage) async throws {
        let copy = try copyOfExample(editing: breakage.path) {
            $0.replacingOccurrences(of: breakage.original, with: breakage.broken)
        }
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = try await validate(copy)
        #expect(result.status == 1)
        for fragment in breakage.expected {
            #expect(result.standardOutput.contains(fragment), "\(fragment) in \(result.standardOutput)")
        }
    }
}
