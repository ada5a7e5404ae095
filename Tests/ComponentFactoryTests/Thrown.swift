/// The error that `body` throws, or nil when it returns normally: a
/// ``Diagnostic`` or a ``DiagnosticReport``, as `body`'s typed throws says.
func thrown<Failure: Error>(_ body: () throws(Failure) -> Void) -> Failure? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}
