@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
@testable @_spi(Tooling) import FactoryTool
import Foundation
import MiddleAges
import Testing

/// The registry-aware path on generated assemblies of 20,000 components:
/// a chain of `factory-component` links, knights autowired to one quest,
/// and the graph of them. Each goes through the app's tool, `Factory.load`
/// and the language server, the three users of the one checker.
@Suite struct LargeGeneratedAssemblyTests {
    static let count = 20_000

    /// `c0` is made by `c1`, … by `c19999`, which has no factory component:
    /// every link names a factory method `make` that `Knight` does not have.
    static var chain: String {
        var xml = "<assembly>\n"
        for index in 0..<count {
            let factory = index + 1 < count ? " factory-component=\"c\(index + 1)\"" : ""
            xml += "<component key=\"c\(index)\" class=\"Knight\"\(factory)><initializer selector=\"make\"/></component>\n"
        }
        return xml + "</assembly>\n"
    }

    /// One quest and `count` knights whose `quest` property is autowired, or given by `ref=`.
    static func knights(autowired: Bool) -> String {
        var xml = "<assembly>\n<component key=\"quest\" class=\"CampaignQuest\"/>\n"
        let property = autowired ? "<property name=\"quest\"/>" : "<property name=\"quest\" ref=\"quest\"/>"
        for index in 0..<count {
            xml += "<component key=\"k\(index)\" class=\"Knight\">\(property)</component>\n"
        }
        return xml + "</assembly>\n"
    }

    /// A workspace of its own: `Assemblies/app.xml` holding `xml`, and an empty `Config/app.properties`.
    private func workspace(_ xml: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/app.xml", xml)
        try directory.write("Config/app.properties", "")
        return directory
    }

    private func tool(_ arguments: [String], in directory: TemporaryDirectory) async throws -> ToolResult {
        await FactoryTool.run(arguments: arguments + [directory.file("Assemblies/app.xml"), "--config", directory.file("Config")],
                        environment: ToolEnvironment(registry: try MiddleAgesRegistry.make()))
    }

    // MARK: A chain of factory components

    @Test func aChainOfTwentyThousandFactoryComponentsIsReportedLinkByLinkWithoutRecursion() async throws {
        let directory = try workspace(Self.chain)
        let result = try await tool(["validate", "--format", "json"], in: directory)
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.count == Self.count)
        #expect(diagnostics.allSatisfy { $0["code"] as? String == "unknown-initializer" })
        // In line order: c0 (line 2) first, the last link (no factory component) last.
        #expect(diagnostics.first?["line"] as? Int == 2)
        #expect(diagnostics.last?["line"] as? Int == Self.count + 1)
        #expect((diagnostics.last?["message"] as? String)?.hasPrefix("'Knight' registers no initializer or class method 'make'") == true)
    }

    @Test func theChainIsRefusedByFactoryLoadWithEveryLink() throws {
        let directory = try workspace(Self.chain)
        let error = #expect(throws: DiagnosticReport.self) {
            try Factory.load(assemblies: [.path(directory.file("Assemblies/app.xml"))], config: .path(directory.file("Config")),
                             environment: nil, registry: try MiddleAgesRegistry.make())
        }
        #expect(error?.diagnostics.count == Self.count)
        #expect(error?.diagnostics.allSatisfy { $0.code == .unknownInitializer } == true)
    }

    /// The tool itself, as a process of its own, under a 4 GB address-space
    /// limit: it must end with exit 1 and its summary, in time, with no signal.
    @Test(.enabled(if: Self.middleAges != nil, "needs the middle-ages executable built beside the tests (swift build)"))
    func theBuiltToolChecksTheChainWithinFourGigabytesAndTwentySeconds() throws {
        guard let executable = Self.middleAges else { return }
        let directory = try workspace(Self.chain)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v 4194304 && exec \"$0\" validate \"$1\" --config \"$2\" > \"$3\"", executable,
                             directory.file("Assemblies/app.xml"), directory.file("Config"), directory.file("out.txt")]
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = ContinuousClock.now - start
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(elapsed < .seconds(20), "took \(elapsed)")
        let output = try String(contentsOfFile: directory.file("out.txt"), encoding: .utf8)
        #expect(output.hasSuffix("20000 errors, 0 warnings in 1 assembly, 1 environment\n"))
    }

    static let middleAges: String? = {
        let path = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
            .appendingPathComponent("middle-ages").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    // MARK: Autowiring

    @Test func twentyThousandAutowiredKnightsAskTheTypeIndexOnceEachAndCompareEachTypeOnce() throws {
        let registry = try MiddleAgesRegistry.make()
        let configuration = Configuration(environment: nil, sources: [])
        func validation(_ xml: String) -> EnvironmentBuild {
            let set = AssemblySet(documents: [AssemblyReader.read(bytes: Array(xml.utf8), file: "knights.xml").document])
            return EnvironmentBuild(assemblies: set, configuration: configuration, registry: registry)
        }
        let autowired = validation(Self.knights(autowired: true))
        #expect(autowired.diagnostics.isEmpty)
        #expect(autowired.autowiring.questions == Self.count, "one question per autowired member")
        // Two produced types (Knight, Quest), compared once per asked type in each of the pass's two halves:
        // the quadratic search this guards against compared every definition for every member, 400 million times.
        #expect(autowired.autowiring.typeComparisons <= 4, "\(autowired.autowiring)")
        let byRef = validation(Self.knights(autowired: false))
        #expect(byRef.diagnostics.isEmpty)
        #expect(byRef.autowiring == AutowiringWork(), "ref= asks the type index nothing")
    }

    @Test func autowiredKnightsLoadAndEachGetsTheQuest() throws {
        let directory = try workspace(Self.knights(autowired: true))
        let factory = try Factory.load(assemblies: [.path(directory.file("Assemblies/app.xml"))],
                                       config: .path(directory.file("Config")),
                                       environment: nil, registry: try MiddleAgesRegistry.make())
        let last = try factory.component(forKey: "k\(Self.count - 1)", as: Knight.self)
        #expect(last.quest is CampaignQuest)
    }

    @Test func theGraphDrawsEveryAutowiredEdgeAndMarksIt() async throws {
        let directory = try workspace(Self.knights(autowired: true))
        let result = try await tool(["graph", "--format", "json"], in: directory)
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let edges = object?["edges"] as? [[String: Any]] ?? []
        let autowired = edges.filter { $0["autowired"] as? Bool == true }
        #expect(autowired.count == Self.count)
        #expect(autowired.allSatisfy { $0["to"] as? String == "quest" && $0["via"] as? String == "quest" })
        let dot = try await tool(["graph"], in: directory).standardOutput
        #expect(dot.contains(#""k0" -> "quest" [arrowhead=open, label="quest (autowired)"];"#))
    }

    // MARK: The language server

    /// What the server publishes for the workspace after it starts, as (file, diagnostic codes).
    private func published(in directory: TemporaryDirectory) throws -> [(uri: String, codes: [String])] {
        let server = LanguageServer(environment: ToolEnvironment(registry: try MiddleAgesRegistry.make()))
        func message(_ id: Int?, _ method: String, _ params: [String: Any]) throws -> [UInt8] {
            var object: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
            if let id { object["id"] = id }
            return Array(try JSONSerialization.data(withJSONObject: object))
        }
        _ = server.handle(try message(1, "initialize", ["rootUri": LanguageServer.uri(ofPath: directory.path)]))
        return try server.handle(try message(nil, "initialized", [:])).compactMap { body in
            let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
            guard let params = object?["params"] as? [String: Any], let uri = params["uri"] as? String else { return nil }
            let codes = (params["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            return (uri, codes)
        }
    }

    @Test func theLanguageServerWithTheRegistryReportsEveryLinkOfTheChain() throws {
        let directory = try workspace(Self.chain)
        let files = try published(in: directory)
        #expect(files.count == 1)
        #expect(files.first?.uri.hasSuffix("/Assemblies/app.xml") == true)
        #expect(files.first?.codes.count == Self.count)
        #expect(files.first?.codes.allSatisfy { $0 == "unknown-initializer" } == true)
    }

    @Test func theLanguageServerWithTheRegistryFindsAutowiredKnightsClean() throws {
        let directory = try workspace(Self.knights(autowired: true))
        #expect(try published(in: directory).allSatisfy { $0.codes.isEmpty })
    }
}
