extension FactoryInspection {
    /// A ``Diagnostic`` in plain values, as a ``FactoryInspection`` gives it:
    /// its severity, code, message and place, and each note with its place.
    /// An error it wraps is in the message; its value is not kept.
    public struct Diagnostic: Sendable, Codable, Hashable {
        /// One note, with where it points.
        public struct Note: Sendable, Codable, Hashable {
            /// What it says.
            public let message: String
            /// The file it points at; nil when it points nowhere.
            public let file: String?
            /// The line it points at; nil when it points nowhere.
            public let line: Int?
        }

        /// `error` or `warning`.
        public let severity: String
        /// The stable code, as `factory validate` prints it (`type-mismatch`).
        public let code: String
        /// What is wrong, and how to fix it.
        public let message: String
        /// The file it is at; nil when it has no place. With line 0, it names
        /// a file, an environment variable or a provider as a whole.
        public let file: String?
        /// The line it is at; nil when it has no place.
        public let line: Int?
        /// The column it is at; nil when it has no place.
        public let column: Int?
        /// What more it points at: the site that reads a value, a candidate.
        public let notes: [Note]
        /// The environment it was found in, when it belongs to one.
        public let environment: String?

        init(_ diagnostic: ComponentFactory.Diagnostic) {
            severity = diagnostic.severity.rawValue
            code = diagnostic.code.rawValue
            message = diagnostic.message
            file = diagnostic.location?.file
            line = diagnostic.location?.line
            column = diagnostic.location?.column
            notes = diagnostic.notes.map { Note(message: $0.message, file: $0.location?.file, line: $0.location?.line) }
            environment = diagnostic.environment
        }
    }
}
