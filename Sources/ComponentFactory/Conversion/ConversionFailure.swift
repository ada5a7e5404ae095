import Foundation

/// Why a text does not convert: a short reason, such as
/// "300 is out of range for UInt8 (0...255)". The factory turns it into a
/// `conversion` diagnostic that names the text, the type, the component, the
/// property and where the text came from.
public struct ConversionFailure: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Why the text did not convert, and what would.
    public var reason: String

    /// A failure that says `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    /// `error: <reason> [conversion]`: the form of a diagnostic with no place,
    /// since a converter does not know where its text was written.
    public var description: String { reasonDescription }

    public var errorDescription: String? { description }

    /// The `conversion` diagnostic for `text` that did not become a `typeName`
    /// for `component`'s `member` (a property or a parameter). When the text
    /// came through placeholders, `origins` are the `.properties` lines that
    /// supplied it, and each becomes a note.
    @_spi(Tooling)
    public func diagnostic(
        text: String, typeName: String, component: String, member: String,
        at location: SourceLocation, origins: [SourceLocation] = []
    ) -> Diagnostic {
        let notes = origins.map { Diagnostic.Note("the text comes from this property", at: $0) }
        return Diagnostic(.conversion,
                          "cannot convert '\(text)' to \(typeName) for '\(member)' of component '\(component)': \(reason)",
                          at: location, notes: notes)
    }
}

extension ConversionFailure: FailureReason {
    static var code: DiagnosticCode? { .conversion }
}
