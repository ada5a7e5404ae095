import Foundation
import JavaProperties

/// Every key of the configuration, for the people who set them: where each
/// environment sets it and to what (masked when secret), who reads it (the
/// component and member, or the settings field, with its Swift type when a
/// registry says, its default and its constraints), and what the comment
/// above it in its base file says. A settings field's key is listed even
/// where no file sets it. What `factory properties
/// --manifest` prints.
///
/// ```swift
/// let manifest = try PropertyManifest(assemblies: loaded.assemblies, loader: loader, registry: registry)
/// manifest.keys.first?.readers  // [knight's property 'damselsRescued' (UInt) at Assemblies/MiddleAges.xml:17]
/// ```
@_spi(Tooling)
public struct PropertyManifest: Sendable, Hashable {
    /// One key.
    public struct Key: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The `#` or `!` comment lines just above the key in the first base file that sets it, without their marks.
        public var description: [String]
        /// Whether the key's name, or a secret in its value, makes it secret.
        public var isSecret: Bool
        /// Where each environment sets it, in the environments' order.
        public var values: [Value]
        /// What reads it, in the order found.
        public var readers: [Reader]
    }

    /// What one environment sets a key to.
    public struct Value: Sendable, Hashable {
        /// The environment; nil when the root has none.
        public var environment: String?
        /// The resolved value, or ``SecretKeys/mask``; the text as written when it does not resolve.
        public var value: String
        /// The line that sets it there; nil for a layer with no lines.
        public var location: SourceLocation?
    }

    /// One reader of a key.
    public struct Reader: Sendable, Hashable {
        /// The component whose definition names the key; empty for a settings field or a value.
        public var component: String
        /// What of it: `class`, `property 'name'`, `argument 'name'`, another
        /// attribute, or a settings type's `field 'name'`.
        public var member: String
        /// The Swift type the text becomes, when the registry knows it.
        public var type: String?
        /// Where the placeholder is written, or the settings field declared.
        public var location: SourceLocation?
        /// The key whose value names this one, for a key read through another; nil when a site names it.
        public var through: String?
        /// The ``Settings`` type whose field reads the key; nil for any other reader.
        public var settings: String? = nil
        /// What the reader takes when no source sets the key, as written: a
        /// placeholder's `${key:default}`, or a settings field's initializer.
        public var defaultValue: String? = nil
        /// What the value must be, for a settings field: `within 1...65535`.
        public var constraints: [String] = []
    }

    /// Every key that a `.properties` file or a config tree sets in some environment, sorted by its bytes.
    public var keys: [Key]

    /// The manifest of `assemblies` over the configuration `loader` loads for
    /// each environment of its root (the base files alone when it has none).
    /// Throws what keeps a configuration from loading.
    public init(assemblies: AssemblySet, loader: ConfigurationLoader, registry: ComponentRegistry? = nil,
                showSecrets: Bool = false) throws(DiagnosticReport) {
        let environments: [String?] = loader.root.environments.isEmpty ? [nil] : loader.root.environments
        var entries: [PropertyKey: Key] = [:]
        var seenReaders: [PropertyKey: Set<Reader>] = [:]
        // The files every environment loads, in the order loaded: the base files, which hold the descriptions.
        var baseFiles: [PropertiesFileSource]?
        for environment in environments {
            let configuration = try loader.configuration(declaredBy: assemblies, environment: environment)
            let files = configuration.sources.compactMap { $0 as? PropertiesFileSource }
            baseFiles = baseFiles.map { common in common.filter { file in files.contains { $0.name == file.name } } } ?? files
            let active = ProfileExpression.active(assemblies.components, environment: environment, knownEnvironments: []).definitions
            var resolver = PlaceholderResolver(configuration: configuration)
            resolver.recordsSites = true
            let sites = Self.sites(of: active, resolver: &resolver, registry: registry)
            let settings = BoundSettings(registry?.settingsTypes ?? [], resolver: &resolver, converters: registry?.converters ?? TypeConverters())
            // A settings field's key is listed though no file sets it: its default is what an operator may change.
            for field in settings.fields where entries[PropertyKey(field.key)] == nil {
                entries[PropertyKey(field.key)] = Key(key: field.key, description: [], isSecret: SecretKeys.isSecret(field.key),
                                                      values: [], readers: [])
            }
            for case let file as PropertiesFileSource in configuration.sources {
                for entry in file.document.winners {
                    let key = PropertyKey(entry.key)
                    if entries[key] == nil {
                        entries[key] = Key(key: entry.key, description: [], isSecret: false, values: [], readers: [])
                    }
                }
            }
            // A config tree's keys, by its files' names: a mounted Secret's, secret.
            for case let tree as ConfigTreeSource in configuration.sources {
                for key in tree.listedKeys where entries[PropertyKey(key)] == nil {
                    entries[PropertyKey(key)] = Key(key: key, description: [], isSecret: tree.tree.holdsSecrets, values: [], readers: [])
                }
            }
            for (key, var entry) in entries {
                guard let property = configuration.property(forKey: key.text) else { continue }
                let (shown, isSecret) = Self.shown(key.text, property, resolver: &resolver, showSecrets: showSecrets)
                entry.isSecret = entry.isSecret || isSecret
                entry.values.append(Value(environment: environment, value: shown, location: property.location))
                entries[key] = entry
            }
            let reads = resolver.reads
            for (key, locations) in reads.sites {
                for location in locations {
                    var reader = sites[location]?.reader
                        ?? Reader(component: "", member: "placeholder", type: nil, location: location, through: nil)
                    reader.defaultValue = sites[location]?.defaults[key.text]
                    Self.add(reader, to: key, in: &entries, seen: &seenReaders)
                }
            }
            for field in settings.fields {
                let reader = Reader(component: "", member: "field '\(field.name)'", type: field.type, location: field.location, through: nil,
                                    settings: field.settings, defaultValue: field.defaultValue, constraints: field.constraints)
                Self.add(reader, to: PropertyKey(field.key), in: &entries, seen: &seenReaders)
            }
            let read = resolver.readKeys()
            for (reader, named) in reads.byValue where read.contains(reader) {
                for key in named {
                    Self.add(Reader(component: "", member: "value", type: nil, location: nil, through: reader.text),
                             to: key, in: &entries, seen: &seenReaders)
                }
            }
        }
        var descriptions = DescriptionReader()
        keys = entries.values.map { entry in
            var entry = entry
            entry.description = descriptions.comment(above: entry.key, in: baseFiles ?? [])
            return entry
        }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// `property`, the value of `key`, as listings show it: resolved, or
    /// ``SecretKeys/mask`` when the key's name or a secret that went into it
    /// makes it secret (unless `showSecrets`); the text as written when it does not resolve.
    static func shown(_ key: String, _ property: PropertyValue, resolver: inout PlaceholderResolver,
                      showSecrets: Bool = false) -> (value: String, isSecret: Bool) {
        let resolved = try? resolver.guardedValue(forKey: key)
        let isSecret = property.isSecret || SecretKeys.isSecret(key) || resolved?.isSecret == true
        return (isSecret && !showSecrets ? SecretKeys.mask : resolved?.value ?? property.text, isSecret)
    }

    private static func add(_ reader: Reader, to key: PropertyKey, in entries: inout [PropertyKey: Key],
                            seen: inout [PropertyKey: Set<Reader>]) {
        guard entries[key] != nil, seen[key, default: []].insert(reader).inserted else { return }
        entries[key]?.readers.append(reader)
    }

    /// Resolves every attribute text of `definitions` with `resolver`, which
    /// notes where each key is named, and returns who is at each place, with
    /// the defaults its placeholders give.
    static func sites(of definitions: [ComponentDefinition], resolver: inout PlaceholderResolver,
                              registry: ComponentRegistry?) -> [SourceLocation: (reader: Reader, defaults: [String: String])] {
        var readers: [SourceLocation: (reader: Reader, defaults: [String: String])] = [:]
        func note(_ text: AttributeValue?, _ component: ComponentDefinition, _ member: String, type: String?) {
            guard let text, text.text.contains("${") else { return }
            readers[text.location] = (Reader(component: component.key, member: member, type: type, location: text.location, through: nil),
                                      PlaceholderResolver.writtenDefaults(in: text.text))
            _ = try? resolver.resolve(text.text, at: text.location)
        }
        func noteValue(_ value: InjectedValue, _ component: ComponentDefinition, _ member: String, type: String?) {
            var pending = [value]
            while let value = pending.popLast() {
                switch value {
                case .text(let text, _): note(text, component, member, type: type)
                case .collection(let collection):
                    for item in collection.items {
                        switch item {
                        case .value(let text, _): note(text, component, member, type: nil)
                        case .entry(let key, let value):
                            note(key, component, member, type: nil)
                            pending.append(value)
                        case .reference, .null: break
                        }
                    }
                case .reference, .null, .autowired: break
                }
            }
        }
        for component in definitions {
            let className = component.className.flatMap { try? resolver.resolve($0.text, at: $0.location) }
            let registration = className.flatMap { registry?.registration(named: $0) }
            note(component.className, component, "class", type: nil)
            for attribute in [component.scopeAttribute, component.lazyInit, component.factoryComponent, component.dependsOn, component.parent] {
                note(attribute, component, "attribute", type: nil)
            }
            for property in component.properties {
                let type = registration?.properties[property.name.text].map { "\($0.type)" }
                noteValue(property.value, component, "property '\(property.name.text)'", type: type)
            }
            if let initializer = component.initializer {
                let parameters = registration?.initializers[initializer.selector.text]?.parameters ?? []
                for (position, argument) in initializer.arguments.enumerated() {
                    let name = argument.parameterName?.text ?? argument.index?.text ?? "\(position)"
                    let type = parameters.first { $0.name == name }.map { "\($0.type)" }
                        ?? (parameters.indices.contains(position) && argument.parameterName == nil ? "\(parameters[position].type)" : nil)
                    noteValue(argument.value, component, "argument '\(name)'", type: type)
                }
            }
        }
        return readers
    }
}

/// The comment lines above a key in the base files: the files as the
/// configuration read them give each key's first line, indexed once; only
/// the comments, which a document does not keep, are read again, once a file.
private struct DescriptionReader {
    private var lines: [String: [Substring]] = [:]
    private var firstLines: [String: [PropertyKey: Int]] = [:]

    /// The `#` or `!` lines just above `key`'s first assignment in the first of `files` that sets it.
    mutating func comment(above key: String, in files: [PropertiesFileSource]) -> [String] {
        for file in files {
            guard let line = firstLine(of: key, in: file) else { continue }
            let text = lines(file.name)
            var comment: [String] = []
            var index = line - 2
            while index >= 0 && index < text.count {
                let trimmed = text[index].drop { $0 == " " || $0 == "\t" }
                guard let mark = trimmed.first, mark == "#" || mark == "!" else { break }
                comment.append(String(trimmed.dropFirst().drop { $0 == " " }))
                index -= 1
            }
            return comment.reversed()
        }
        return []
    }

    private mutating func firstLine(of key: String, in file: PropertiesFileSource) -> Int? {
        if let known = firstLines[file.name] { return known[PropertyKey(key)] }
        var index: [PropertyKey: Int] = [:]
        for entry in file.document.entries where index[PropertyKey(entry.key)] == nil {
            index[PropertyKey(entry.key)] = entry.line
        }
        firstLines[file.name] = index
        return index[PropertyKey(key)]
    }

    private mutating func lines(_ file: String) -> [Substring] {
        if let known = lines[file] { return known }
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        let split = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        lines[file] = split
        return split
    }
}
