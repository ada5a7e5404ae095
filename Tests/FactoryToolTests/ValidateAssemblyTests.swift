import ComponentFactoryTesting
import Foundation
@_spi(Tooling) import FactoryTool
import Testing

/// For every error code that the assembly checks introduce, a small fixture
/// triggers it; the code, file, line and column must be the same in the text
/// and the JSON output.
@Suite struct ValidateAssemblyTests {
    struct Case: Sendable, CustomStringConvertible {
        var fixture: String
        var code: String
        var file: String
        var line: Int
        var column: Int
        var message: String

        init(_ fixture: String, _ code: String, line: Int, column: Int, message: String, file: String? = nil) {
            self.fixture = fixture
            self.code = code
            self.file = file ?? fixture
            self.line = line
            self.column = column
            self.message = message
        }

        var description: String { "\(code) in \(fixture)" }
    }

    static let cases: [Case] = [
        Case("malformed-xml.xml", "malformed-xml", line: 3, column: 12, message: "Opening and ending tag mismatch: component line 2 and assembly"),
        // Found by the grammar, at the element: the schema says the same, and is heard only when the grammar is silent.
        Case("schema.xml", "schema", line: 4, column: 9, message: "<description> comes first in <component>"),
        Case("unknown-element.xml", "unknown-element", line: 2, column: 5, message: "did you mean 'component'?"),
        Case("unknown-attribute.xml", "unknown-attribute", line: 2, column: 16, message: "did you mean 'class'?"),
        Case("missing-attribute.xml", "missing-attribute", line: 3, column: 9, message: "needs the attribute 'name'"),
        Case("invalid-attribute-value.xml", "invalid-attribute-value", line: 2, column: 44, message: "did you mean 'singleton'?"),
        Case("ref-and-value.xml", "invalid-attribute-value", line: 3, column: 44, message: "both 'ref' and 'value'"),
        Case("index-out-of-range.xml", "invalid-attribute-value", line: 4, column: 23, message: "index 1 is out of range"),
        Case("duplicate-key.xml", "duplicate-key", line: 3, column: 31, message: "duplicate key 'knight'"),
        Case("unknown-reference.xml", "unknown-reference", line: 3, column: 32, message: "did you mean 'quest'?"),
        Case("unknown-parent.xml", "unknown-parent", line: 3, column: 29, message: "did you mean 'baseKnight'?"),
        Case("abstract-reference.xml", "abstract-reference", line: 4, column: 32, message: "'baseQuest' is abstract"),
        Case("unknown-parameter.xml", "unknown-parameter", line: 4, column: 23, message: "(valid: 'quest', 'hitRatio')"),
        Case("initializer-cycle.xml", "initializer-cycle", line: 2, column: 5, message: "knight → quest → knight"),
        Case("import-cycle/a.xml", "import-cycle", line: 3, column: 13, message: "a.xml → b.xml → a.xml", file: "import-cycle/b.xml"),
        Case("import-not-found.xml", "import-not-found", line: 2, column: 13, message: "'missing.xml' not found"),
        Case("xml-entity.xml", "xml-entity", line: 3, column: 1, message: "declares the entity 'name'"),
        Case("outside-root/inner/path-outside-root.xml", "path-outside-root", line: 2, column: 13, message: "'../outside.xml'"),
        Case("location-outside-root.xml", "path-outside-root", line: 2, column: 27, message: "'../secrets.properties'"),
        Case("unresolved-placeholder.xml", "unresolved-placeholder", line: 4, column: 41, message: "did you mean 'damsels.rescued'?"),
    ]

    private func validate(_ fixtureName: String, _ extra: String...) async -> ToolResult {
        await FactoryTool.run(arguments: ["validate", fixture("assemblies/\(fixtureName)"), "--config", fixture("assembly-config")] + extra)
    }

    @Test(arguments: cases)
    func errorCodeIsReportedWithFileLineAndColumnInTextAndJSON(_ expected: Case) async throws {
        let path = fixture("assemblies/\(expected.file)")
        let text = await validate(expected.fixture)
        #expect(text.status == 1)
        let prefix = "\(path):\(expected.line):\(expected.column): error: "
        let line = text.standardOutput.split(separator: "\n").first { $0.hasPrefix(prefix) && $0.hasSuffix("[\(expected.code)]") }
        #expect(line != nil, "no line starting '\(prefix)' and ending '[\(expected.code)]' in:\n\(text.standardOutput)")
        #expect(line?.contains(expected.message) == true, "\(line ?? "")")

        let json = await validate(expected.fixture, "--format", "json")
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
        let match = diagnostics.first { $0["code"] as? String == expected.code }
        #expect(match?["file"] as? String == path)
        #expect(match?["line"] as? Int == expected.line)
        #expect(match?["column"] as? Int == expected.column)
        #expect(match?["severity"] as? String == "error")
        #expect((match?["message"] as? String)?.contains(expected.message) == true)
    }

    @Test func problemSharedByEveryEnvironmentIsReportedOnceWithoutEnvironment() async throws {
        let json = await validate("unknown-reference.xml", "--format", "json")
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        // The shared fixture config's keys that this assembly does not read are unused-property warnings.
        let diagnostics = (object?["diagnostics"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["environment"] is NSNull)
    }

    @Test func placeholdersInClassAndRefResolvePerEnvironment() async throws {
        let json = await validate("placeholder-in-class-and-ref.xml", "--format", "json")
        #expect(json.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let diagnostics = (object?["diagnostics"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }
        // Only production has the backup component, and its ${backup.target} there is 'stroe'.
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] as? String == "unknown-reference")
        #expect(diagnostics.first?["environment"] as? String == "production")
        #expect((diagnostics.first?["message"] as? String)?.contains("did you mean 'store'?") == true)
        await #expect(validate("placeholder-in-class-and-ref.xml", "--env", "test").status == 0)
    }

    @Test func shippedExampleValidatesCleanInEveryEnvironment() async {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = await FactoryTool.run(arguments: [root.appendingPathComponent("Assemblies").path,
                                                 "--config", root.appendingPathComponent("Config").path].reduce(["validate"]) { $0 + [$1] })
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.hasSuffix("0 errors, 0 warnings in 3 assemblies, 3 environments\n"))
    }

    /// Acceptance (issue 26): a typo in an overlay key of the shipped configuration.
    @Test func aTypoInTheShippedProductionOverlayIsAnUnusedPropertyWithTheKeyMeant() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let copy = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("Assemblies").path, toPath: copy.file("Assemblies"))
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("Config").path, toPath: copy.file("Config"))
        let overlay = copy.file("Config/app-production.properties")
        let original = try String(contentsOfFile: overlay, encoding: .utf8)
        try (original + "damsels.resuced=99\n").write(toFile: overlay, atomically: true, encoding: .utf8)
        let line = original.split(separator: "\n", omittingEmptySubsequences: false).count
        let result = await FactoryTool.run(arguments: ["validate", copy.file("Assemblies"), "--config", copy.file("Config"), "--env", "production"])
        #expect(result.status == 0, "a warning: \(result.standardOutput)")
        #expect(result.standardOutput == """
            \(overlay):\(line):1: warning: property 'damsels.resuced' is set but nothing reads it; did you mean 'damsels.rescued'? [unused-property]
                note: in environment 'production'
            0 errors, 1 warning in 3 assemblies, 1 environment

            """)
    }

    @Test func referencesWorkAcrossImportedFiles() async {
        let result = await validate("across-files/knights.xml")
        #expect(result.status == 0, "\(result.standardOutput)")
        // The warnings: the keys of the shared fixture config that these files do not read.
        #expect(result.standardOutput.hasSuffix("0 errors, 6 warnings in 2 assemblies, 2 environments\n"))
        #expect(result.standardOutput.components(separatedBy: "[unused-property]").count == 7, "\(result.standardOutput)")
    }

    @Test func aLocationFileThatCannotBeReadIsAnUnreadableInputAndExitsTwo() async {
        let result = await validate("location-not-found.xml")
        #expect(result.status == 2)
        let path = fixture("assemblies/location-not-found.xml")
        #expect(result.standardOutput.hasPrefix("\(path):2:27: error: properties file '"))
        #expect(result.standardOutput.contains("missing.properties' not found [properties-not-found]"))
    }

    @Test func anExternalEntityLeaksNothingIntoTheJSONForm() async throws {
        let directory = try TemporaryDirectory()
        let secret = try directory.write("secret.txt", "TOP-SECRET-MARKER-4711\n")
        let assembly = try directory.write("Assemblies/hostile.xml", """
            <?xml version="1.0"?>
            <!DOCTYPE assembly [ <!ENTITY xxe SYSTEM "file://\(secret)"> ]>
            <assembly><component class="Knight" key="knight"><property name="motto" value="&xxe;"/></component></assembly>
            """)
        let json = await FactoryTool.run(arguments: ["validate", assembly, "--config", fixture("assembly-config"), "--format", "json"])
        #expect(json.status == 1)
        #expect(json.standardOutput.contains("\"code\":\"xml-entity\""))
        #expect(!json.standardOutput.contains("TOP-SECRET-MARKER"))
    }

    @Test func missingAssemblyPathExitsTwo() async {
        let result = await FactoryTool.run(arguments: ["validate", "/nonexistent/assembly.xml", "--config", fixture("assembly-config")])
        #expect(result.status == 2)
    }

    @Test func schemaCommandPrintsTheShippedSchema() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shipped = try String(contentsOf: root.appendingPathComponent("Assemblies/assembly.xsd"), encoding: .utf8)
        let result = await FactoryTool.run(arguments: ["schema"])
        #expect(result.status == 0)
        #expect(result.standardOutput == shipped)
    }

    @Test func graphListsReferencesParentsAndFactoryComponents() async throws {
        let result = await FactoryTool.run(arguments: ["graph", fixture("assemblies/placeholder-in-class-and-ref.xml"),
                                                 "--config", fixture("assembly-config"), "--env", "production", "--format", "json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let nodes = object?["nodes"] as? [[String: Any]] ?? []
        let edges = object?["edges"] as? [[String: Any]] ?? []
        #expect(nodes.map { $0["class"] as? String } == ["SQLiteStore", "Backup"])
        #expect(edges.first?["to"] as? String == "stroe")
        #expect(edges.first?["via"] as? String == "store")
        let dot = await FactoryTool.run(arguments: ["graph", fixture("assemblies/unknown-parent.xml"), "--config", fixture("assembly-config")])
        #expect(dot.standardOutput.contains("\"knight\" -> \"baseKnigth\" [style=dashed, label=\"parent\"];"))
    }
}
