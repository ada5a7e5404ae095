import Foundation

/// One problem found in an assembly, a `.properties` file or the command
/// line: where it is, what it is, and how to fix it.
///
/// A diagnostic is a plain value; `DiagnosticRenderer` is the one place that
/// turns it into text or JSON. It is also the error that the loading stages
/// throw, and prints as its compiler-style text: `print(error)`, `"\(error)"`
/// and `error.localizedDescription` all show it.
///
/// ```swift
/// let diagnostic = Diagnostic(
///     .unresolvedPlaceholder, "no property 'db.urll'; did you mean 'db.url'?",
///     at: SourceLocation(file: "Config/app.properties", line: 4), environment: "test")
/// DiagnosticRenderer.text(diagnostic)
/// // Config/app.properties:4:1: error: no property 'db.urll'; did you mean 'db.url'? [unresolved-placeholder]
/// ```
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A secondary line under a diagnostic, such as each step of a cycle.
    public struct Note: Sendable, Hashable {
        /// What the note says.
        public var message: String
        /// Where the note points, if anywhere.
        public var location: SourceLocation?

        /// A note that says `message`, at `location`; a message longer than 1,000 characters is cut in the middle.
        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = Diagnostic.bounded(message)
            self.location = location
        }
    }

    /// Whether the problem stops the load or is a warning.
    public var severity: Severity
    /// The stable code, such as `unknown-reference`, that scripts and tests refer to.
    public var code: DiagnosticCode
    /// What is wrong, and how to fix it where that is known.
    public var message: String
    /// Where the problem is; nil when it has no place in a file.
    public var location: SourceLocation?
    /// Secondary lines: related places, the steps of a cycle.
    public var notes: [Note]
    /// The environment the problem belongs to; nil when it is the same in every one.
    public var environment: String?
    /// What your code threw, for a `build-failed` diagnostic: the error of
    /// a registered initializer, callback, post-processor or patch. It is not
    /// part of the diagnostic's equality: two diagnostics that say the same
    /// thing at the same place are one problem.
    public var underlyingError: (any Error)?

    /// A diagnostic; a message longer than 1,000 characters is cut in the middle.
    public init(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation?,
        severity: Severity = .error, notes: [Note] = [], environment: String? = nil, underlyingError: (any Error)? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = Self.bounded(message)
        self.location = location
        self.notes = notes
        self.environment = environment
        self.underlyingError = underlyingError
    }

    /// Equal when they say the same thing at the same place in the same environment.
    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        lhs.severity == rhs.severity && lhs.code == rhs.code && lhs.message == rhs.message && lhs.location == rhs.location
            && lhs.notes == rhs.notes && lhs.environment == rhs.environment
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(location)
        hasher.combine(notes)
        hasher.combine(environment)
    }

    /// What `error` says, for a message that already has its own place and
    /// code: a reason's bare words (a ``ConversionFailure``'s or a
    /// registration's), a diagnostic's message, anything else as it prints.
    static func reason(of error: any Error) -> String {
        switch error {
        case let reason as any FailureReason: reason.reason
        case let diagnostic as Diagnostic: diagnostic.message
        default: "\(error)"
        }
    }

    /// The longest message kept whole, in characters: a longer one (such as
    /// one quoting a huge value) keeps its start and end around a marker, so
    /// that a diagnostic stays one readable line.
    public static let maximumMessageLength = 1_000

    static func bounded(_ message: String) -> String {
        guard message.utf8.count > maximumMessageLength else { return message }
        let count = message.count
        guard count > maximumMessageLength else { return message }
        let kept = maximumMessageLength / 2 - 20
        return String(message.prefix(kept)) + " …(\(count - 2 * kept) characters left out)… " + String(message.suffix(kept))
    }

    /// Its compiler-style text, `file:line:column: severity: message [code]`, notes on indented lines beneath.
    public var description: String { DiagnosticRenderer.text(self) }

    public var errorDescription: String? { description }
}
