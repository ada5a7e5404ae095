import JavaProperties

extension FactoryInspection {
    /// One key in force, as a ``FactoryInspection`` gives it: its value, where
    /// the value came from, and what reads it. A secret's value is `******`, as
    /// the manifest of `factory properties` shows it: a key whose name says
    /// secret, or whose value a secret went into.
    ///
    /// ```json
    /// {"key": "rate.per-second", "value": "5", "isSecret": false, "source": "Config/app.properties",
    ///  "file": "Config/app.properties", "line": 3,
    ///  "readers": [{"component": "rateLimiter", "member": "argument 'perSecond'", "file": "Assemblies/Links.xml", "line": 21}]}
    /// ```
    public struct Property: Sendable, Codable, Hashable {
        /// One reader of the key.
        public struct Reader: Sendable, Codable, Hashable {
            /// The component whose definition names the key; empty for a settings field.
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
        /// What reads it, in the order found: components' placeholders, and settings fields.
        public let readers: [Reader]
    }
}

extension FactoryInspection.Property {
    /// Every key in force in `configuration`, sorted by its bytes: those its
    /// sources list, and those `keysRead` names that a source sets (an
    /// environment variable, a provider); each with the readers among `definitions` and `settingsFields`.
    static func inForce(_ configuration: Configuration, keysRead: [String], definitions: [ComponentDefinition],
                        settingsFields: [SettingsField]) -> [FactoryInspection.Property] {
        var resolver = PlaceholderResolver(configuration: configuration)
        resolver.recordsSites = true
        let sites = PropertyManifest.sites(of: definitions, resolver: &resolver, registry: nil)
        let reads = resolver.reads.sites
        var seen = Set<PropertyKey>()
        let keys = (configuration.keys + keysRead).filter { seen.insert(PropertyKey($0)).inserted }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return keys.compactMap { key in
            guard let property = configuration.property(forKey: key) else { return nil }
            let (value, isSecret) = PropertyManifest.shown(key, property, resolver: &resolver)
            let placeholders = (reads[PropertyKey(key)] ?? []).map { location in
                Reader(component: sites[location]?.reader.component ?? "", member: sites[location]?.reader.member ?? "placeholder",
                       file: location.file, line: location.line)
            }
            let fields = settingsFields.filter { $0.key == key }.map {
                Reader(component: "", member: $0.reader, file: $0.location?.file, line: $0.location?.line)
            }
            return FactoryInspection.Property(key: key, value: value, isSecret: isSecret, source: property.sourceName,
                                     file: property.location?.file, line: property.location?.line, readers: placeholders + fields)
        }
    }
}
