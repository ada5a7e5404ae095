import JavaProperties
import SystemSupport

/// The schema's findings on one document, worked out on another thread
/// (``BackgroundWork``) while the calling thread builds the definitions from
/// a parse of the same bytes. On two cores the schema check then costs no
/// time of its own.
///
/// A small document is checked on the calling thread instead: handing the
/// check to another thread would cost more than the check.
///
/// ```swift
/// let pass = SchemaPass(bytes: bytes, file: file)  // starts checking
/// // … build the definitions …
/// let verdict = pass.wait()
/// ```
struct SchemaPass {
    /// What the schema's own parse found.
    struct Verdict: Sendable {
        /// Every schema violation, in document order.
        var diagnostics: [Diagnostic] = []
        /// Why the pass could not run or ended early, if it did.
        var failure: Diagnostic?
    }

    /// Documents smaller than this are checked on the calling thread.
    static let threadThreshold = 256 << 10

    private let verdict: Verdict?
    private let work: BackgroundWork<Verdict>?

    /// Starts checking `bytes` against the schema.
    init(bytes: [UInt8], file: String) {
        if bytes.count < Self.threadThreshold {
            verdict = AssemblyReader.checkSchema(bytes, file: file)
            work = nil
        } else {
            verdict = nil
            work = BackgroundWork { AssemblyReader.checkSchema(bytes, file: file) }
        }
    }

    /// The schema's findings, once the check has finished.
    func wait() -> Verdict {
        verdict ?? work?.wait() ?? Verdict()
    }
}
