import JavaProperties

extension Factory {
    /// What this factory says of itself now: its components, each singleton
    /// with whether it is built; the properties in force (every value masked
    /// with `values: .masked`); how its load went; and its services' states.
    public func inspection(values: FactoryInspection.Values = .shown) -> FactoryInspection {
        let states = serviceStates.all
        return FactoryInspection(environment: environment, generation: nil, components: inspectedComponents { _ in nil },
                                 properties: inspectedProperties(refused: nil, values: values),
                                 startup: inspectedStartup, reloads: [],
                                 services: states.services, shutdownBegan: states.shutdownBegan)
    }

    /// How its load went; nil when it timed no load.
    package var inspectedStartup: FactoryInspection.Startup? {
        startup.withLock { $0 }.map(FactoryInspection.Startup.init)
    }

    /// Every key in force where the factory was loaded, each that `refused` sets otherwise flagged; nil when it was not loaded from a configuration.
    func inspectedProperties(refused: Configuration?, values: FactoryInspection.Values) -> [FactoryInspection.Property]? {
        loaded.map {
            FactoryInspection.Property.inForce($0.configuration, keysRead: $0.keysRead, definitions: $0.definitions.all,
                                               settingsFields: $0.settingsFields, refused: refused, masked: values == .masked)
        }
    }

    /// Every component, `generation` giving the generation that built the
    /// shared instance at an index, for the built ones.
    func inspectedComponents(builtIn generation: (Int) -> Int?) -> [FactoryInspection.Component] {
        zip(table.plans, descriptions).map { plan, description in
            let isBuilt: Bool? = switch plan.scope {
            case .singleton, .weakSingleton:
                store.shared(slot(plan.index)) != nil
            case .prototype, .objectGraph, .request:
                nil
            }
            return FactoryInspection.Component(description, isBuilt: isBuilt, generation: isBuilt == true ? generation(plan.index) : nil)
        }
    }
}

extension FactoryInspection.Component {
    /// The component `description` gives, with whether its shared instance is built, and the generation that built it.
    init(_ description: ComponentDescription, isBuilt: Bool?, generation: Int?) {
        key = description.key
        type = description.typeName
        scope = description.scope
        isolation = description.isolation
        suspension = description.suspension
        dependencies = description.dependencies
        file = description.location.file
        line = description.location.line
        self.isBuilt = isBuilt
        self.generation = generation
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
