/// The one place that turns diagnostics into text for people (the JSON
/// form for tools is `FactoryTool`'s).
///
/// Text is one line per problem, as compilers write them, with notes indented
/// beneath:
/// `Assemblies/knights.xml:14:5: error: no component with key 'qeust'; did you mean 'quest'? [unknown-reference]`
/// The environment, when the problem belongs to one, is the first note.
@_spi(Tooling)
public enum DiagnosticRenderer {
    /// One compiler-style line, `file:line:column: severity: message [code]`, with notes on indented lines.
    public static func text(_ diagnostic: Diagnostic) -> String {
        text(diagnostic, environmentInLine: false)
    }

    /// The same line; with `environmentInLine`, for a build
    /// log whose first line alone an IDE shows against the file, the
    /// environment ends that line (`… [code] (in environment 'production')`)
    /// instead of being the first note.
    public static func text(_ diagnostic: Diagnostic, environmentInLine: Bool) -> String {
        var line = ""
        if let location = diagnostic.location {
            line += "\(location): "
        }
        line += "\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code.rawValue)]"
        if let environment = diagnostic.environment {
            line += environmentInLine ? " (in environment '\(environment)')" : "\n    note: in environment '\(environment)'"
        }
        for note in diagnostic.notes {
            line += "\n    "
            if let location = note.location { line += "\(location): " }
            line += "note: \(note.message)"
        }
        return line
    }

    /// Every diagnostic as text, one after another, each ending in a newline.
    public static func text(_ report: DiagnosticReport, environmentInLine: Bool = false) -> String {
        report.diagnostics.map { text($0, environmentInLine: environmentInLine) + "\n" }.joined()
    }
}
