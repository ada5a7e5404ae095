import Foundation
import Testing
import Tweeter
@testable import FactoryTool

/// The `tweeter lsp` language server in a `.properties` file: a settings
/// field's constraint as the file is typed, its keys in completion, and the
/// field, its type, default and constraint in hover.
@Suite struct TransportSettingsEditorTests {
    private func message(id: Int? = nil, _ method: String, _ params: [String: Any] = [:]) -> [UInt8] {
        var object: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
        if let id { object["id"] = id }
        return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    private func decode(_ bodies: [[UInt8]]) -> [[String: Any]] {
        bodies.compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
    }

    private func at(_ uri: String, line: Int, character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    @Test func theProductionOverlayShowsTheConstraintCompletesTheFieldsAndHoversWithThem() throws {
        let root = URL(fileURLWithPath: TweeterExample.root)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tweeter-lsp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("Assemblies"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Assemblies/Tweeter.xml"),
                                         to: copy.appendingPathComponent("Assemblies/Tweeter.xml"))
        try FileManager.default.copyItem(at: root.appendingPathComponent("Config"), to: copy.appendingPathComponent("Config"))
        let server = LanguageServer(environment: ToolEnvironment(registry: TweeterRegistry.make(), defaultAssemblies: ["Assemblies/Tweeter.xml"]))
        _ = server.handle(message(id: 1, "initialize", ["rootUri": LanguageServer.uri(ofPath: copy.path)]))
        _ = server.handle(message("initialized"))

        let overlay = LanguageServer.uri(ofPath: copy.appendingPathComponent("Config/tweeter-production.properties").path)
        let typed = "# Production: credentials from the environment.\ntweeter.password = ${TWEETER_PASSWORD:}\n"
            + "tweeter.transport.timeout = 10m\ntweeter.transport.\n"
        let opened = decode(server.handle(message("textDocument/didOpen", ["textDocument": ["uri": overlay, "text": typed]])))
        let diagnostics = opened.first { ($0["params"] as? [String: Any])?["uri"] as? String == overlay }
            .flatMap { ($0["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] } ?? []
        let constraint = try #require(diagnostics.first { $0["code"] as? String == "constraint" })
        #expect(((constraint["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 2)
        #expect((constraint["message"] as? String)?.contains("field 'timeout' of settings TransportSettings: it is not within 1s...5m") == true)

        let completion = decode(server.handle(message(id: 2, "textDocument/completion", at(overlay, line: 3, character: 18))))
        let items = (completion.first?["result"] as? [[String: Any]]) ?? ((completion.first?["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        let labels = items.compactMap { $0["label"] as? String }
        #expect(labels.contains("tweeter.transport.timeout") && labels.contains("tweeter.transport.user-agent"), "\(labels)")

        let hover = decode(server.handle(message(id: 3, "textDocument/hover", at(overlay, line: 2, character: 20)))).first?["result"] as? [String: Any]
        let text = (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(text.contains("settings `TransportSettings`, field 'timeout' (`Duration`), default `.seconds(30)`, within 1s...5m"), "\(text)")

        // From the key to the field that reads it, in the Swift source.
        let found = decode(server.handle(message(id: 4, "textDocument/references", at(overlay, line: 2, character: 20)))).first?["result"]
            as? [[String: Any]] ?? []
        let declaration = try #require(found.first)
        #expect(found.count == 1)
        #expect((declaration["uri"] as? String)?.hasSuffix("/Sources/Tweeter/TransportSettings.swift") == true, "\(declaration)")
        let line = ((declaration["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int
        let source = try String(contentsOfFile: TweeterExample.root + "/Sources/Tweeter/TransportSettings.swift", encoding: .utf8)
        #expect(line.map { source.split(separator: "\n", omittingEmptySubsequences: false)[$0].contains("var timeout") } == true)
    }
}
