@_spi(Tooling) import ComponentFactory

/// A command that stops early: diagnostics to print and the exit status.
struct ToolFailure: Error {
    var status: Int32
    var diagnostics: [Diagnostic]
    var usageMessage: String?

    init(status: Int32, diagnostics: [Diagnostic]) {
        self.status = status
        self.diagnostics = diagnostics
    }

    /// A wrong command line: exit status 2.
    init(usage message: String) {
        self.status = ToolResult.usageOrUnreadable
        self.diagnostics = []
        self.usageMessage = message
    }

    /// Exit 2 when any problem is an unreadable input, else 1.
    init(report: DiagnosticReport) {
        let unreadable = report.diagnostics.contains { $0.code == .propertiesNotFound }
        self.init(status: unreadable ? ToolResult.usageOrUnreadable : ToolResult.errorsFound, diagnostics: report.diagnostics)
    }

    var result: ToolResult {
        var error = DiagnosticRenderer.text(DiagnosticReport(diagnostics))
        if let usageMessage { error += "error: \(usageMessage)\n" }
        return ToolResult(status: status, standardError: error)
    }
}
