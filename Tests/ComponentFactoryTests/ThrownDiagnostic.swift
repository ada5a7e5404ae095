import ComponentFactory

/// The diagnostic that `body` throws, or nil when it returns normally.
func thrownDiagnostic(_ body: () throws(Diagnostic) -> Void) -> Diagnostic? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// The report that `body` throws, or nil when it returns normally.
func thrownReport(_ body: () throws(DiagnosticReport) -> Void) -> DiagnosticReport? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
