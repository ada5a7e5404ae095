import ComponentFactoryTesting
import Foundation
@testable @_spi(Tooling) import FactoryTool
import Testing

/// The encoding fixtures of ComponentFactoryTests (`Fixtures/Encodings`),
/// through `factory validate` and the language server: a byte the declared
/// encoding's converter refuses is `malformed-xml` at its line, exit 1.
@Suite struct EncodingTests {
    static let readable = ["SHIFT_JIS", "EUC-JP", "GB18030", "BIG5", "UTF-7", "ISO-2022-JP", "UTF-16"]

    private static func fixture(_ encoding: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ComponentFactoryTests/Fixtures/Encodings/bad-byte-in-\(encoding).xml").path
    }

    @Test(arguments: readable + ["UTF-32"])
    func validateFailsWithMalformedXMLAndExitsOne(encoding: String) async {
        let result = await factory("validate", Self.fixture(encoding), "--format", "json")
        #expect(result.status == ToolResult.errorsFound)
        let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        // The errors: the working directory's Config/, read by default, adds its unused keys as warnings.
        let diagnostics = (object?["diagnostics"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }
        #expect(diagnostics.map { $0["code"] as? String } == ["malformed-xml"])
        if encoding != "UTF-32" {
            #expect(diagnostics.first?["line"] as? Int == 4)
        }
    }

    @Test func theLanguageServerPublishesItAtItsLine() throws {
        let directory = try TemporaryDirectory()
        let assembly = try directory.write("Assemblies/app.xml", "")
        try Data(contentsOf: URL(fileURLWithPath: Self.fixture("SHIFT_JIS"))).write(to: URL(fileURLWithPath: assembly))
        _ = try directory.write("Config/app.properties", "motto=Onward\n")
        let server = LanguageServer(environment: ToolEnvironment())
        func message(id: Int? = nil, _ method: String, _ params: [String: Any]) -> [UInt8] {
            var object: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
            if let id { object["id"] = id }
            return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
        }
        _ = server.handle(message(id: 1, "initialize", ["rootUri": LanguageServer.uri(ofPath: directory.path)]))
        let properties = directory.file("Config/app.properties")
        let replies = server.handle(message("textDocument/didOpen", [
            "textDocument": ["uri": LanguageServer.uri(ofPath: properties), "text": "motto=Onward\n"],
        ])).compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
        let published = replies.compactMap { $0["params"] as? [String: Any] }
            .first { ($0["uri"] as? String) == LanguageServer.uri(ofPath: assembly) }
        let diagnostics = published?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.map { $0["code"] as? String } == ["malformed-xml"])
        let start = (diagnostics.first?["range"] as? [String: Any])?["start"] as? [String: Any]
        #expect(start?["line"] as? Int == 3, "line 4, counted from 0")
    }
}
