@_spi(Tooling) import FactoryTool
@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import MiddleAges
import Testing

/// `middle-ages compile-wiring` on a copy of the example: what an edit rewrites.
@Suite struct CompileWiringCommandTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The example's assembly and configuration, copied.
    private static func copy() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/MiddleAges.xml", try String(contentsOf: root.appendingPathComponent("Assemblies/MiddleAges.xml"),
                                                                     encoding: .utf8))
        for file in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Config").path) where file.hasPrefix("app") {
            try directory.write("Config/\(file)", try String(contentsOf: root.appendingPathComponent("Config/\(file)"), encoding: .utf8))
        }
        return directory
    }

    private static func compile(_ directory: TemporaryDirectory, check: Bool = false) async throws -> ToolResult {
        await FactoryTool.run(arguments: ["compile-wiring", directory.file("Assemblies/MiddleAges.xml"), "--config", directory.file("Config"),
                                          "--output", directory.file("Wiring"), "--name", "Wiring"] + (check ? ["--check"] : []),
                              environment: ToolEnvironment(registry: try MiddleAgesRegistry.make()))
    }

    private static func written(_ result: ToolResult) -> [String] {
        result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("wrote ") }.map { String($0.split(separator: "/").last ?? "") }
    }

    @Test func aComponentEditedRewritesItsDocumentAndAPropertiesEditRewritesNothing() async throws {
        let directory = try Self.copy()
        let first = try await Self.compile(directory)
        #expect(first.status == ToolResult.success, "\(first.standardError)")
        #expect(Self.written(first) == ["Wiring.swift", "Wiring+MiddleAges.swift"])
        #expect(try await Self.compile(directory, check: true).status == ToolResult.success)

        // A value in a .properties file: the wiring holds none, so nothing is written.
        let test = directory.file("Config/app-test.properties")
        try directory.write("Config/app-test.properties", try String(contentsOfFile: test, encoding: .utf8) + "damsels.rescued = 99\n")
        let afterValue = try await Self.compile(directory)
        #expect(Self.written(afterValue).isEmpty, "\(afterValue.standardOutput)")

        let compiled = try Self.wiring(in: directory)

        // One component's literal value in the assembly: its document's file, and the entry (its stamp of the file's bytes).
        let assembly = directory.file("Assemblies/MiddleAges.xml")
        let xml = try String(contentsOfFile: assembly, encoding: .utf8)
        try directory.write("Assemblies/MiddleAges.xml", xml.replacingOccurrences(of: "13.75", with: "14.25"))
        #expect(try await Self.compile(directory, check: true).status == ToolResult.errorsFound)
        // The wiring compiled before the edit no longer fits the file beside it.
        #expect {
            try Factory.load(compiled: compiled, registry: try MiddleAgesRegistry.make(),
                             options: .init(config: .path(directory.file("Config")), environment: "test"))
        } throws: { error in
            "\(error)".contains("'\(assembly)' has changed since the wiring was compiled") && "\(error)".contains("[stale-wiring]")
        }
        let afterEdit = try await Self.compile(directory)
        #expect(Set(Self.written(afterEdit)) == ["Wiring.swift", "Wiring+MiddleAges.swift"])
        #expect(try String(contentsOfFile: directory.file("Wiring/Wiring+MiddleAges.swift"), encoding: .utf8).contains("14.25"))
    }

    /// The wiring the generated files hold: the text of each raw literal, as the compiler reads it.
    private static func wiring(in directory: TemporaryDirectory) throws -> Factory.CompiledWiring {
        func literal(_ file: String) throws -> String {
            let swift = try String(contentsOfFile: directory.file("Wiring/\(file)"), encoding: .utf8)
            let start = try #require(swift.range(of: "#\"\"\"\n")), end = try #require(swift.range(of: "\n\"\"\"#"))
            return String(swift[start.upperBound..<end.lowerBound])
        }
        return Factory.CompiledWiring(entry: try literal("Wiring.swift"), documents: [try literal("Wiring+MiddleAges.swift")])
    }

    @Test func compileWiringNeedsTheAppsRegistry() async {
        let result = await FactoryTool.run(arguments: ["compile-wiring", "--output", "Wiring"])
        #expect(result.status == ToolResult.usageOrUnreadable)
        #expect(result.standardError.contains("compile-wiring builds with the app's registry"))
    }
}
