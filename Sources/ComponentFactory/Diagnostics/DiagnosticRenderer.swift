/// The one place that turns diagnostics into text for people and JSON for tools.
///
/// Text is one line per problem, as compilers write them, with notes indented
/// beneath:
/// `Assemblies/knights.xml:14:5: error: no component with key 'qeust'; did you mean 'quest'? [unknown-reference]`
/// The environment, when the problem belongs to one, is the first note.
///
/// JSON is `{"diagnostics":[{"file":…,"line":…,"column":…,"severity":…,"code":…,"message":…,"environment":…}],"errors":N,"warnings":M}`;
/// a diagnostic with notes also carries `"notes":[{"message":…,"file":…,"line":…,"column":…}]` last.
public enum DiagnosticRenderer {
    /// One compiler-style line, `file:line:column: severity: message [code]`, with notes on indented lines.
    public static func text(_ diagnostic: Diagnostic) -> String {
        var line = ""
        if let location = diagnostic.location {
            line += "\(location): "
        }
        line += "\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]"
        if let environment = diagnostic.environment {
            line += "\n    note: in environment '\(environment)'"
        }
        for note in diagnostic.notes {
            line += "\n    "
            if let location = note.location { line += "\(location): " }
            line += "note: \(note.message)"
        }
        return line
    }

    /// Every diagnostic as text, one after another, each ending in a newline.
    public static func text(_ report: DiagnosticReport) -> String {
        report.diagnostics.map { text($0) + "\n" }.joined()
    }

    /// The report as one JSON object: `{"diagnostics":[…],"errors":N,"warnings":M}`.
    public static func json(_ report: DiagnosticReport) -> String {
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
