import ComponentFactoryTesting
import Foundation
import MiddleAges
import Testing
@testable import FactoryTool

/// The language server of the middle-ages tool: what the registry knows
/// comes into completion and hover.
@Suite struct LanguageServerRegistryTests {
    static let assembly = """
        <assembly>
            <component class="Knight" key="knight">
                <initializer selector="initWithQuest:damselsRescued:">
                    <argument parameterName="quest" ref="quest"/>
                </initializer>
                <property name="damselsRescued" value="3"/>
            </component>
        </assembly>
        """

    private func message(id: Int? = nil, _ method: String, _ params: [String: Any] = [:]) -> [UInt8] {
        var object: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
        if let id { object["id"] = id }
        return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    /// The reply to a request at the first occurrence of `marker`, `offset` characters into it.
    private func ask(_ server: LanguageServer, _ method: String, at marker: String, plus offset: Int, in path: String) throws -> Any? {
        let lines = Self.assembly.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains(marker) })
        let character = try #require(lines[line].range(of: marker)).lowerBound.utf16Offset(in: lines[line]) + offset
        let reply = server.handle(message(id: 9, method, ["textDocument": ["uri": LanguageServer.uri(ofPath: path)],
                                                         "position": ["line": line, "character": character]]))
        return try #require(reply.first.flatMap { try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] })["result"]
    }

    private func labels(_ result: Any?) -> [String] {
        (result as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
    }

    private func hoverText(_ result: Any?) -> String? {
        ((result as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
    }

    @Test func classesPropertiesSelectorsParametersAndTypesComeFromTheRegistry() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("Assemblies/app.xml", Self.assembly)
        let registry = try MiddleAgesRegistry.make()
        let server = LanguageServer(environment: ToolEnvironment(registry: registry))
        _ = server.handle(message(id: 1, "initialize", ["rootUri": LanguageServer.uri(ofPath: directory.path)]))
        _ = server.handle(message("textDocument/didOpen", ["textDocument": ["uri": LanguageServer.uri(ofPath: path), "text": Self.assembly]]))

        let classes = labels(try ask(server, "textDocument/completion", at: #"class="Knight""#, plus: 8, in: path))
        #expect(classes == registry.names && classes.contains("Knight") && classes.contains("CampaignQuest"))
        let properties = labels(try ask(server, "textDocument/completion", at: #"name="damselsRescued""#, plus: 7, in: path))
        #expect(properties.contains("damselsRescued") && properties.contains("shieldColor") && !properties.contains("imageUrl"))
        let selectors = labels(try ask(server, "textDocument/completion", at: "selector=", plus: 11, in: path))
        #expect(selectors.contains("initWithQuest:damselsRescued:") && selectors.contains("initWithQuest:"))
        let parameters = labels(try ask(server, "textDocument/completion", at: "parameterName=", plus: 16, in: path))
        #expect(parameters == ["quest", "damselsRescued"])

        let propertyType = hoverText(try ask(server, "textDocument/hover", at: #"name="damselsRescued""#, plus: 8, in: path))
        #expect(propertyType == "**damselsRescued**: `\(try #require(registry.registration(named: "Knight")?.properties["damselsRescued"]?.type))`")
        let parameterType = hoverText(try ask(server, "textDocument/hover", at: #"parameterName="quest""#, plus: 16, in: path))
        #expect(parameterType?.hasPrefix("**quest**: `") == true && parameterType?.contains("Quest") == true, "\(parameterType ?? "nil")")
    }
}
