import ComponentFactory
import JavaProperties
import Testing

@Suite struct DiagnosticRendererTests {
    private let diagnostic = Diagnostic(
        .unknownReference, "no component with key 'qeust'; did you mean 'quest'?",
        at: SourceLocation(file: "Assemblies/knights.xml", line: 14, column: 5))

    @Test func textIsOneCompilerStyleLine() {
        #expect(DiagnosticRenderer.text(diagnostic)
            == "Assemblies/knights.xml:14:5: error: no component with key 'qeust'; did you mean 'quest'? [unknown-reference]")
    }

    @Test func environmentAndNotesFollowOnIndentedLines() {
        var scoped = diagnostic
        scoped.environment = "production"
        scoped.notes = [Diagnostic.Note("'quest' is defined here", at: SourceLocation(file: "a.xml", line: 2, column: 3))]
        #expect(DiagnosticRenderer.text(scoped).split(separator: "\n").dropFirst()
            == ["    note: in environment 'production'", "    a.xml:2:3: note: 'quest' is defined here"])
    }

    @Test func jsonHasTheDocumentedShapeAndCounts() {
        var warning = Diagnostic(.duplicateProperty, "twice \"quoted\"", at: nil, severity: .warning)
        warning.environment = "test"
        let json = DiagnosticRenderer.json(DiagnosticReport([diagnostic, warning]))
        #expect(json == """
            {"diagnostics":[{"file":"Assemblies/knights.xml","line":14,"column":5,"severity":"error","code":"unknown-reference",\
            "message":"no component with key 'qeust'; did you mean 'quest'?","environment":null},\
            {"file":null,"line":null,"column":null,"severity":"warning","code":"duplicate-property",\
            "message":"twice \\"quoted\\"","environment":"test"}],"errors":1,"warnings":1}
            """)
    }

    @Test func mergingKeepsDiagnosticsSharedByEveryEnvironmentOnceWithoutEnvironment() {
        let shared = Diagnostic(.malformedProperties, "bad", at: SourceLocation(file: "app.properties", line: 1))
        let onlyTest = Diagnostic(.unresolvedPlaceholder, "missing", at: SourceLocation(file: "app-test.properties", line: 2))
        let merged = DiagnosticReport.merging(environments: [
            ("production", DiagnosticReport([shared])),
            ("test", DiagnosticReport([shared, onlyTest])),
        ])
        #expect(merged.diagnostics.map(\.environment) == [nil, "test"])
        #expect(merged.errorCount == 2)
    }

    @Test func suggestionsFindNearMissesOnly() {
        // A swap costs 1, so 'quest' is nearer than 'guest' (a swap and a substitution).
        #expect(SpellingSuggestions.nearest(to: "qeust", among: ["quest", "knight", "guest"]) == ["quest", "guest"])
        #expect(SpellingSuggestions.nearest(to: "database.url", among: ["db.url", "zzz"]).isEmpty)
        #expect(SpellingSuggestions.didYouMean("db.urll", among: ["db.url"]) == "; did you mean 'db.url'?")
    }

    @Test func secretKeysAreRecognised() {
        #expect(SecretKeys.isSecret("db.password"))
        #expect(SecretKeys.isSecret("twitter.oauth.TOKEN"))
        #expect(SecretKeys.isSecret("service.api-key"))
        #expect(SecretKeys.isSecret("tls.private.key"))
        #expect(!SecretKeys.isSecret("db.url"))
    }
}

@Suite struct JSONTextTests {
    @Test func invisibleAndControlCharactersAreEscaped() {
        #expect(JSONText.quoted("\u{FEFF}a\u{2028}\u{01}\"\\\n") == #""\ufeffa\u2028\u0001\"\\\n""#)
        #expect(JSONText.quoted("é😀") == "\"é😀\"")
    }

    @Test func objectEscapesLikeQuotedAndMeasuresItsOutputExactly() {
        let pairs: [(key: String, value: String)] = [
            ("plain", "text"), ("tab\tkey", "a\u{2029}b\u{7F}"), ("é", "\u{FEFF}"), ("near", "\u{2027}\u{E2}\u{80}"), ("", ""),
            // Past eight bytes, so that the word-at-a-time scan finds each escape in a later word.
            ("a long key with \"quotes\" inside", "0123456789abcdef\u{01}0123456789\\0123456789é\u{2028}end"),
            ("clean-and-long-0123456789", "no escape at all in these thirty-two"),
        ]
        let sorted = pairs.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
        let expected = "{" + sorted.map { JSONText.quoted($0.key) + ":" + JSONText.quoted($0.value) }.joined(separator: ",") + "}\n"
        #expect(String(decoding: JSONText.object(PropertyListing(pairs: pairs), trailer: "\n"), as: UTF8.self) == expected)
        #expect(JSONText.quoted("a\u{2029}b\u{7F}") == #""a\u2029b\u007f""#)
        #expect(JSONText.quoted("0123456789abcdef\u{01}") == #""0123456789abcdef\u0001""#)
        #expect(JSONText.object(PropertyListing(pairs: [])) == Array("{}".utf8))
    }

    @Test func abbreviationIsSuggested() {
        #expect(SpellingSuggestions.nearest(to: "prod", among: ["production", "test"]) == ["production"])
    }
}
