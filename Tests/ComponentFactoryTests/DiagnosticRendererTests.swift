@_spi(Tooling) import ComponentFactory
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
