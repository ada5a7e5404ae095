extension FactoryInspection {
    /// One key in force, as a ``FactoryInspection`` gives it: its value, where
    /// the value came from, every source that sets it, and what reads it. A
    /// secret's value is `******`, as the manifest of `factory properties`
    /// shows it: a key whose name says secret, a value a config tree holds,
    /// or a value a secret went into. A key no source sets but a settings
    /// field reads with a default is listed with that default.
    ///
    /// ```json
    /// {"key": "http.port", "value": "9000", "isSecret": false, "isDefault": false, "source": "environment variable HTTP_PORT",
    ///  "setBy": [{"source": "environment variable HTTP_PORT", "value": "9000", "wins": true},
    ///            {"source": "Config/links.properties", "file": "Config/links.properties", "line": 3, "value": "8080", "wins": false}],
    ///  "readers": [{"component": "http", "member": "argument 'port'", "file": "Assemblies/Links.xml", "line": 21}]}
    /// ```
    public struct Property: Sendable, Codable, Hashable {
        /// One source that sets the key, with the text it sets, as written.
        public struct Setting: Sendable, Codable, Hashable {
            /// The source: a `.properties` file's path, `environment variable NAME`, a config tree, `overrides`, a provider's name.
            public let source: String
            /// The line that sets it; nil for a source with no lines.
            public let file: String?
            /// That line; nil for a source with no lines.
            public let line: Int?
            /// The text as written there, placeholders unresolved; `******` when the key is secret.
            public let value: String
            /// Whether this source's text is the one in force: the first of ``Property/setBy``.
            public let wins: Bool
        }

        /// What the sources hold now for a key, where a refused reload left
        /// it: the file says one thing, the running graph another.
        public struct Pending: Sendable, Codable, Hashable {
            /// The text the sources hold now, as written (`******` when secret); nil when none sets the key now.
            public let value: String?
            /// Where it is set now; nil for a source with no lines, or none.
            public let file: String?
            /// That line; nil for a source with no lines, or none.
            public let line: Int?
        }

        /// One reader of the key.
        public struct Reader: Sendable, Codable, Hashable {
            /// The component whose definition names the key, or the settings type whose field reads it.
            public let component: String
            /// What of it reads the key: `argument 'name'`, `property 'name'`,
            /// `class`, another attribute, or a settings type's `field 'name' of settings Type`.
            public let member: String
            /// Where the placeholder is written, or the settings field declared; nil when that is not known.
            public let file: String?
            /// The line of that place; nil when it is not known.
            public let line: Int?
        }

        /// The key.
        public let key: String
        /// Its value, placeholders resolved; `******` when it is secret; the
        /// text as written when it does not resolve.
        public let value: String
        /// Whether its name, or a secret in its value, makes it secret.
        public let isSecret: Bool
        /// Where the value came from: a `.properties` file's path,
        /// `environment variable NAME`, `overrides`, or a provider's name.
        public let source: String
        /// The file of the line that sets it; nil for a source with no lines.
        public let file: String?
        /// That line; nil for a source with no lines.
        public let line: Int?
        /// What reads it, in the order found, each once: components' placeholders, and settings fields.
        public let readers: [Reader]
        /// Every source that sets it, the one in force first, then in falling precedence; empty for a default.
        public let setBy: [Setting]
        /// Whether no source sets it, and the value is a settings field's default, as written in Swift.
        public let isDefault: Bool
        /// While a refused reload stands, what the sources hold now, where that differs from the value in force; nil otherwise.
        public let pending: Pending?
    }
}
