import ComponentFactoryTesting
import Foundation
import Testing
@testable import FactoryTool

/// The language server driven in-process with JSON-RPC bodies, as an editor sends them.
@Suite struct LanguageServerTests {
    static let assembly = """
        <assembly>
            <component class="Knight" key="knight">
                <property name="quest" ref="quets"/>
                <property name="motto" value="${motto}"/>
            </component>
            <component class="Quest" key="quest" scope="singleton"/>
        </assembly>
        """

    /// A workspace with one assembly and two environments; the server initialized on it.
    private func workspace() throws -> (TemporaryDirectory, LanguageServer, String) {
        let directory = try TemporaryDirectory()
        let assembly = try directory.write("Assemblies/app.xml", Self.assembly)
        _ = try directory.write("Config/app.properties", "motto=Onward\ndb.password=hunter2\n")
        _ = try directory.write("Config/app-test.properties", "motto=Test onward\n")
        let server = LanguageServer(environment: ToolEnvironment())
        _ = server.handle(message(id: 1, "initialize", ["rootUri": LanguageServer.uri(ofPath: directory.path)]))
        return (directory, server, assembly)
    }

    private func message(id: Int? = nil, _ method: String, _ params: [String: Any] = [:]) -> [UInt8] {
        var object: [String: Any] = ["jsonrpc": "2.0", "method": method, "params": params]
        if let id { object["id"] = id }
        return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    private func decode(_ bodies: [[UInt8]]) -> [[String: Any]] {
        bodies.compactMap { (try? JSONSerialization.jsonObject(with: Data($0))) as? [String: Any] }
    }

    private func at(_ path: String, line: Int, character: Int) -> [String: Any] {
        ["textDocument": ["uri": LanguageServer.uri(ofPath: path)], "position": ["line": line, "character": character]]
    }

    private func labels(_ reply: [[String: Any]]) -> [String] {
        (reply.first?["result"] as? [[String: Any]])?.compactMap { $0["label"] as? String } ?? []
    }

    @Test func lifecycleAndBadInputGetJSONRPCAnswersNeverACrash() throws {
        let server = LanguageServer(environment: ToolEnvironment())
        #expect((decode(server.handle(message(id: 7, "textDocument/hover"))).first?["error"] as? [String: Any])?["code"] as? Int == -32002)
        let initialized = decode(server.handle(message(id: 1, "initialize", ["rootUri": "file:///nowhere"]))).first
        #expect(((initialized?["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["hoverProvider"] as? Bool == true)
        #expect((decode(server.handle(Array("{not json".utf8))).first?["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect((decode(server.handle(message(id: 2, "no/such"))).first?["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(server.handle(message("no/such/notification")).isEmpty)
        #expect(decode(server.handle(message(id: 3, "shutdown"))).first?.keys.contains("result") == true)
        _ = server.handle(message("exit"))
        #expect(server.exitStatus == 0)
        let abrupt = LanguageServer(environment: ToolEnvironment())
        _ = abrupt.handle(message("exit"))
        #expect(abrupt.exitStatus == 1)
    }

    @Test func diagnosticsFollowTheUnsavedTextForEveryEnvironment() throws {
        let (directory, server, assembly) = try workspace()
        _ = directory
        let uri = LanguageServer.uri(ofPath: assembly)
        let opened = decode(server.handle(message("textDocument/didOpen", ["textDocument": ["uri": uri, "text": Self.assembly]])))
        let published = opened.first { ($0["params"] as? [String: Any])?["uri"] as? String == uri }?["params"] as? [String: Any]
        let diagnostics = published?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.map { $0["code"] as? String } == ["unknown-reference"])
        let range = diagnostics.first?["range"] as? [String: Any]
        #expect((range?["start"] as? [String: Any])?["line"] as? Int == 2)
        #expect((diagnostics.first?["message"] as? String)?.contains("did you mean 'quest'") == true)
        let fixed = Self.assembly.replacingOccurrences(of: "quets", with: "quest")
        let changed = decode(server.handle(message("textDocument/didChange", ["textDocument": ["uri": uri], "contentChanges": [["text": fixed]]])))
        let cleared = changed.first { ($0["params"] as? [String: Any])?["uri"] as? String == uri }?["params"] as? [String: Any]
        #expect((cleared?["diagnostics"] as? [[String: Any]])?.isEmpty == true)
    }

    @Test func aKeyTypedIntoAPropertiesFileThatNothingReadsIsAWarningThere() throws {
        let (directory, server, _) = try workspace()
        let overlay = directory.file("Config/app-test.properties")
        let uri = LanguageServer.uri(ofPath: overlay)
        func published(_ replies: [[UInt8]]) -> [[String: Any]]? {
            decode(replies).first { ($0["params"] as? [String: Any])?["uri"] as? String == uri }
                .flatMap { ($0["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] }
        }
        let typed = "motto=Test onward\nmottto=typo\n"
        let opened = published(server.handle(message("textDocument/didOpen", ["textDocument": ["uri": uri, "text": typed]])))
        let warning = try #require(opened?.first)
        #expect(opened?.count == 1)
        #expect(warning["code"] as? String == "unused-property")
        #expect(warning["severity"] as? Int == 2)
        #expect(((warning["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 1)
        #expect((warning["message"] as? String)?.contains("did you mean 'motto'?") == true)
        let fixed = published(server.handle(message("textDocument/didChange", [
            "textDocument": ["uri": uri], "contentChanges": [["text": "motto=Test onward\n"]],
        ])))
        #expect(fixed?.isEmpty == true)
    }

    @Test func aPropertiesFileCompletesReadKeysHoversWithReadersAndFindsTheirReferences() throws {
        let (directory, server, assembly) = try workspace()
        _ = server.handle(message("initialized"))
        let base = directory.file("Config/app.properties")
        let uri = LanguageServer.uri(ofPath: base)
        let typing = "# settings\nmotto=Onward\ndb.password=hunter2\nmot\n"
        _ = server.handle(message("textDocument/didOpen", ["textDocument": ["uri": uri, "text": typing]]))
        // After "mot" on line 3: the keys that something reads; none in a comment or a value.
        #expect(labels(decode(server.handle(message(id: 20, "textDocument/completion", at(base, line: 3, character: 3))))) == ["motto"])
        #expect(labels(decode(server.handle(message(id: 21, "textDocument/completion", at(base, line: 0, character: 4))))).isEmpty)
        #expect(labels(decode(server.handle(message(id: 22, "textDocument/completion", at(base, line: 1, character: 8))))).isEmpty)
        // On "motto": its value in each environment, and who reads it.
        let hover = decode(server.handle(message(id: 23, "textDocument/hover", at(base, line: 1, character: 2)))).first?["result"] as? [String: Any]
        let text = (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(text.hasPrefix("**motto**"), "\(text)")
        #expect(text.contains("| test | `Test onward` |"), "\(text)")
        #expect(text.contains("component `knight`, property 'motto'"), "\(text)")
        let secret = decode(server.handle(message(id: 24, "textDocument/hover", at(base, line: 2, character: 2)))).first?["result"] as? [String: Any]
        #expect(((secret?["contents"] as? [String: Any])?["value"] as? String)?.contains("hunter2") == false)
        // From "motto" to the placeholder that reads it (line 3 of the assembly).
        let found = decode(server.handle(message(id: 25, "textDocument/references", at(base, line: 1, character: 2)))).first?["result"] as? [[String: Any]]
        #expect(found?.count == 1)
        #expect(found?.first?["uri"] as? String == LanguageServer.uri(ofPath: assembly))
        #expect(((found?.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 3)
    }

    @Test func theToolsDefaultAssembliesAndConfigRootAreWhatIsChecked() throws {
        // An app whose tool reads App/wiring.xml against Settings/, not Assemblies/ and Config/.
        let directory = try TemporaryDirectory()
        let wiring = try directory.write("App/wiring.xml", Self.assembly)
        _ = try directory.write("Settings/app.properties", "motto=Onward\n")
        _ = try directory.write("Assemblies/ignored.xml", "<assembly><component class=\"Knight\" key=\"k\" scope=\"never\"/></assembly>")
        let server = LanguageServer(environment: ToolEnvironment(defaultAssemblies: ["App/wiring.xml"], defaultConfig: "Settings"))
        _ = server.handle(message(id: 1, "initialize", ["rootUri": LanguageServer.uri(ofPath: directory.path)]))
        let published = decode(server.handle(message("initialized"))).compactMap { $0["params"] as? [String: Any] }
        #expect(published.compactMap { $0["uri"] as? String } == [LanguageServer.uri(ofPath: wiring)])
        let diagnostics = published.first?["diagnostics"] as? [[String: Any]] ?? []
        // The misspelled ref only: ${motto} resolves from Settings/, and Assemblies/ is not the tool's.
        #expect(diagnostics.map { $0["code"] as? String } == ["unknown-reference"])
    }

    @Test func completionKnowsKeysPlaceholdersElementsAndFixedValues() throws {
        let (directory, server, assembly) = try workspace()
        _ = directory
        _ = server.handle(message("initialized"))
        // Line 2: `        <property name="quest" ref="quets"/>`; inside ref="…".
        #expect(labels(decode(server.handle(message(id: 4, "textDocument/completion", at(assembly, line: 2, character: 38))))) == ["knight", "quest"])
        // Line 3: after `${` in value="${motto}".
        #expect(labels(decode(server.handle(message(id: 5, "textDocument/completion", at(assembly, line: 3, character: 41))))) == ["db.password", "env", "motto"])
        // Line 5: inside scope="…".
        #expect(labels(decode(server.handle(message(id: 6, "textDocument/completion", at(assembly, line: 5, character: 52))))).contains("prototype"))
    }

    @Test func definitionGoesToTheComponentAndToEachPropertiesLine() throws {
        let (directory, server, assembly) = try workspace()
        _ = server.handle(message("initialized"))
        let fixed = Self.assembly.replacingOccurrences(of: "quets", with: "quest")
        _ = server.handle(message("textDocument/didOpen", ["textDocument": ["uri": LanguageServer.uri(ofPath: assembly), "text": fixed]]))
        let toComponent = decode(server.handle(message(id: 8, "textDocument/definition", at(assembly, line: 2, character: 38)))).first?["result"] as? [[String: Any]]
        #expect(((toComponent?.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int == 5)
        let toProperties = decode(server.handle(message(id: 9, "textDocument/definition", at(assembly, line: 3, character: 42)))).first?["result"] as? [[String: Any]]
        let files = Set(toProperties?.compactMap { ($0["uri"] as? String).flatMap(URL.init(string:))?.lastPathComponent } ?? [])
        #expect(files == ["app.properties", "app-test.properties"])
        _ = directory
    }

    @Test func hoverShowsEachEnvironmentsValueAndSymbolsListTheComponents() throws {
        let (directory, server, assembly) = try workspace()
        _ = directory
        _ = server.handle(message("initialized"))
        let hover = decode(server.handle(message(id: 10, "textDocument/hover", at(assembly, line: 3, character: 42)))).first?["result"] as? [String: Any]
        let text = (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
        #expect(text.contains("test: `Test onward`"))
        let symbols = decode(server.handle(message(id: 11, "textDocument/documentSymbol", ["textDocument": ["uri": LanguageServer.uri(ofPath: assembly)]])))
        #expect((symbols.first?["result"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["knight", "quest"])
    }
}

extension LanguageServerTests {
    @Test func elementAndAttributeNamesComeFromTheGrammar() throws {
        let (directory, server, assembly) = try workspace()
        _ = directory
        // A child element begun inside the component (line 2), and an attribute begun on the quest (line 6).
        let typing = Self.assembly
            .replacingOccurrences(of: "    <component class=\"Knight\" key=\"knight\">\n", with: "    <component class=\"Knight\" key=\"knight\">\n        <\n")
            .replacingOccurrences(of: "scope=\"singleton\"/>", with: "scope=\"singleton\" />")
        _ = server.handle(message("textDocument/didOpen", ["textDocument": ["uri": LanguageServer.uri(ofPath: assembly), "text": typing]]))
        let elements = labels(decode(server.handle(message(id: 4, "textDocument/completion", at(assembly, line: 2, character: 9)))))
        #expect(Set(elements) == ["description", "initializer", "property"], "\(elements)")
        let line = typing.split(separator: "\n", omittingEmptySubsequences: false)[6]
        let space = line.distance(from: line.startIndex, to: try #require(line.range(of: "\" />")).lowerBound) + 2
        let attributes = labels(decode(server.handle(message(id: 5, "textDocument/completion", at(assembly, line: 6, character: space)))))
        #expect(attributes.contains("lazy-init") && attributes.contains("depends-on") && attributes.contains("factory-component"), "\(attributes)")
    }

    @Test func unsavedPropertiesTextIsWhatTheAssembliesAreCheckedAgainst() throws {
        let (directory, server, assembly) = try workspace()
        _ = server.handle(message("initialized"))
        let properties = LanguageServer.uri(ofPath: directory.file("Config/app-test.properties"))
        // The test overlay, unsaved, now points its motto at a key that exists nowhere.
        let opened = decode(server.handle(message("textDocument/didOpen", ["textDocument": ["uri": properties, "text": "motto=${mottto}\nnew.key=1\n"]])))
        let published = opened.compactMap { $0["params"] as? [String: Any] }
        let codes = published.flatMap { ($0["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }
        #expect(codes.contains("unresolved-placeholder"), "\(published)")
        // Its keys are offered at once, before it is saved.
        #expect(labels(decode(server.handle(message(id: 5, "textDocument/completion", at(assembly, line: 3, character: 41))))).contains("new.key"))
        // Broken unsaved text is reported in that file, and mending it clears it.
        let broken = decode(server.handle(message("textDocument/didChange", ["textDocument": ["uri": properties], "contentChanges": [["text": "motto=\\u12\n"]]])))
        let inFile = broken.first { ($0["params"] as? [String: Any])?["uri"] as? String == properties }?["params"] as? [String: Any]
        #expect((inFile?["diagnostics"] as? [[String: Any]])?.first?["code"] as? String == "malformed-properties")
        let mended = decode(server.handle(message("textDocument/didChange", ["textDocument": ["uri": properties], "contentChanges": [["text": "motto=Test onward\n"]]])))
        let cleared = mended.first { ($0["params"] as? [String: Any])?["uri"] as? String == properties }?["params"] as? [String: Any]
        #expect((cleared?["diagnostics"] as? [[String: Any]])?.isEmpty == true)
    }
}

@Suite struct MessageFramingTests {
    @Test func messagesAreCutByContentLengthWhateverTheChunks() throws {
        var framing = MessageFraming()
        let stream = MessageFraming.frame(Array("{}".utf8)) + MessageFraming.frame(Array(#"{"a":1}"#.utf8))
        framing.append(stream.prefix(5))
        #expect(try framing.next() == nil)
        framing.append(stream.dropFirst(5))
        #expect(try framing.next() == Array("{}".utf8))
        #expect(try framing.next() == Array(#"{"a":1}"#.utf8))
        #expect(try framing.next() == nil)
    }

    @Test func aBadHeaderIsSkippedAndTheNextMessageStillArrives() throws {
        var framing = MessageFraming()
        framing.append(Array("Content-Length: nope\r\n\r\n".utf8) + MessageFraming.frame(Array("{}".utf8)))
        #expect(throws: MessageFraming.Failure.unreadableHeader("Content-Length: nope")) { try framing.next() }
        #expect(try framing.next() == Array("{}".utf8))
    }

    @Test func aBodyOverTheLimitIsRefusedUnread() throws {
        var framing = MessageFraming()
        framing.append(Array("Content-Length: \(MessageFraming.maximumBody + 1)\r\n\r\n".utf8))
        #expect(throws: MessageFraming.Failure.tooLarge(MessageFraming.maximumBody + 1)) { try framing.next() }
    }
}
