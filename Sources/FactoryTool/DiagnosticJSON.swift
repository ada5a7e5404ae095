@_spi(Tooling) import ComponentFactory

/// Diagnostics as JSON, for tools:
/// `{"diagnostics":[{"file":…,"line":…,"column":…,"severity":…,"code":…,"message":…,"environment":…}],"errors":N,"warnings":M}`;
/// a diagnostic with notes also carries `"notes":[{"message":…,"file":…,"line":…,"column":…}]` last.
enum DiagnosticJSON {
    /// The report as one JSON object: `{"diagnostics":[…],"errors":N,"warnings":M}`.
    static func render(_ report: DiagnosticReport) -> String {
        let items = report.diagnostics.map(json).joined(separator: ",")
        return "{\"diagnostics\":[\(items)],\"errors\":\(report.errorCount),\"warnings\":\(report.warningCount)}"
    }

    private static func json(_ diagnostic: Diagnostic) -> String {
        var fields = [
            "\"file\":" + (diagnostic.location.map { JSONText.quoted($0.file) } ?? "null"),
            "\"line\":" + (diagnostic.location.map { String($0.line) } ?? "null"),
            "\"column\":" + (diagnostic.location.map { String($0.column) } ?? "null"),
            "\"severity\":" + JSONText.quoted(diagnostic.severity.rawValue),
            "\"code\":" + JSONText.quoted(diagnostic.code.rawValue),
            "\"message\":" + JSONText.quoted(diagnostic.message),
            "\"environment\":" + (diagnostic.environment.map(JSONText.quoted) ?? "null"),
        ]
        if !diagnostic.notes.isEmpty {
            let notes = diagnostic.notes.map { note in
                var parts = ["\"message\":" + JSONText.quoted(note.message)]
                if let location = note.location {
                    parts += ["\"file\":" + JSONText.quoted(location.file), "\"line\":\(location.line)", "\"column\":\(location.column)"]
                }
                return "{" + parts.joined(separator: ",") + "}"
            }
            fields.append("\"notes\":[" + notes.joined(separator: ",") + "]")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
