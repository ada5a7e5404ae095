@_spi(Tooling) import ComponentFactory
@testable @_spi(Tooling) import FactoryTool
import JavaProperties
import Testing

@Suite struct DiagnosticJSONTests {
    private let diagnostic = Diagnostic(
        .unknownReference, "no component with key 'qeust'; did you mean 'quest'?",
        at: SourceLocation(file: "Assemblies/knights.xml", line: 14, column: 5))

    @Test func jsonHasTheDocumentedShapeAndCounts() {
        var warning = Diagnostic(.duplicateProperty, "twice \"quoted\"", at: nil, severity: .warning)
        warning.environment = "test"
        let json = DiagnosticJSON.render(DiagnosticReport([diagnostic, warning]))
        #expect(json == """
            {"diagnostics":[{"file":"Assemblies/knights.xml","line":14,"column":5,"severity":"error","code":"unknown-reference",\
            "message":"no component with key 'qeust'; did you mean 'quest'?","environment":null},\
            {"file":null,"line":null,"column":null,"severity":"warning","code":"duplicate-property",\
            "message":"twice \\"quoted\\"","environment":"test"}],"errors":1,"warnings":1}
            """)
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
