import JavaProperties

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

extension FactoryInspection.Property {
    /// Every key in force in `configuration`, sorted by its bytes: those its
    /// sources list, and those `keysRead` names that a source sets (an
    /// environment variable, a provider); each with the readers among `definitions` and `settingsFields`.
    ///
    /// `refused` is the configuration a standing refused reload read: each
    /// key it sets otherwise than `configuration` is ``pending``. With
    /// `masked`, every value is `******`.
    static func inForce(_ configuration: Configuration, keysRead: [String], definitions: [ComponentDefinition],
                        settingsFields: [SettingsField], refused: Configuration? = nil,
                        masked: Bool = false) -> [FactoryInspection.Property] {
        var resolver = PlaceholderResolver(configuration: configuration)
        resolver.recordsSites = true
        let sites = PropertyManifest.sites(of: definitions, resolver: &resolver, registry: nil)
        let reads = resolver.reads.sites
        var seen = Set<PropertyKey>()
        let defaulted = settingsFields.filter { $0.defaultValue != nil }.map(\.key)
        let keys = (configuration.keys + keysRead + defaulted).filter { seen.insert(PropertyKey($0)).inserted }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return keys.compactMap { key in
            var readers: [Reader] = []
            for location in reads[PropertyKey(key)] ?? [] {
                readers.append(Reader(component: sites[location]?.reader.component ?? "",
                                      member: sites[location]?.reader.member ?? "placeholder", file: location.file, line: location.line))
            }
            for field in settingsFields where field.key == key {
                readers.append(Reader(component: field.settings, member: field.reader, file: field.location?.file, line: field.location?.line))
            }
            var once = Set<Reader>()
            readers = readers.filter { once.insert($0).inserted }
            guard let property = configuration.property(forKey: key) else {
                // No source sets it: a settings field's default is in force, if one has one.
                guard let field = settingsFields.first(where: { $0.key == key && $0.defaultValue != nil }),
                      let written = field.defaultValue else { return nil }
                let isSecret = SecretKeys.isSecret(key)
                return FactoryInspection.Property(key: key, value: isSecret || masked ? SecretKeys.mask : written, isSecret: isSecret,
                                                  source: "default of \(field.reader)", file: nil, line: nil, readers: readers,
                                                  setBy: [], isDefault: true, pending: nil)
            }
            let (value, isSecret) = PropertyManifest.shown(key, property, resolver: &resolver)
            let hides = isSecret || masked
            let setBy = configuration.properties(forKey: key).enumerated().map { index, setting in
                Setting(source: setting.sourceName, file: setting.location?.file, line: setting.location?.line,
                        value: hides || setting.isSecret ? SecretKeys.mask : setting.text, wins: index == 0)
            }
            var pending: Pending?
            if let refused, refused.property(forKey: key)?.text != property.text {
                let now = refused.property(forKey: key)
                pending = Pending(value: now.map { hides || $0.isSecret ? SecretKeys.mask : $0.text }, file: now?.location?.file,
                                  line: now?.location?.line)
            }
            return FactoryInspection.Property(key: key, value: masked ? SecretKeys.mask : value, isSecret: isSecret,
                                              source: property.sourceName, file: property.location?.file, line: property.location?.line,
                                              readers: readers, setBy: setBy, isDefault: false, pending: pending)
        }
    }
}
