/// What the checker-compiler built for one environment, as shape only: each
/// plan's key, type, scope, maker, edges and value sites (the text as the
/// assembly wrote it, with where), in plan order; the keys and aliases; and
/// the `.properties` files the assemblies declare. Never a value of the
/// configuration: a site keeps `${port}`, and a load resolves it.
///
/// `compile-wiring` writes it; ``Factory/load(compiled:registry:options:)``
/// makes the plan table of it again without reading any XML, converting each
/// site with the same converters, and checking each name against the
/// registry it is given.
@_spi(Tooling)
public struct WiringImage: Sendable, Equatable {
    /// How one component is made.
    public enum Maker: Sendable, Equatable {
        /// An initializer of the component's registered type, by selector.
        case initializer(String)
        /// A class method of the component's registered type, by selector.
        case classMethod(String)
        /// A factory method, by selector, of the type registered as `factoryType`, called on the plan `factory`.
        case factoryMethod(String, factoryType: String, factory: String)
        /// A request component given when its scope opens.
        case seeded
    }

    /// One plan.
    public struct Component: Sendable, Equatable {
        /// The key, as lookups name it.
        public var key: String
        /// Where the `<component>` is.
        public var location: SourceLocation
        /// Its scope.
        public var scope: Scope
        /// `lazy-init`: a singleton built at its first use.
        public var isLazy: Bool
        /// `seeded="yes"`: a request component given when its scope opens.
        public var isSeeded: Bool
        /// `reloadable="yes"`: a singleton a live factory builds anew on a change.
        public var isReloadable: Bool
        /// The registered name of its type; nil for a factory method's product with no registration of its own.
        public var type: String?
        /// How it is made.
        public var maker: Maker
        /// One per parameter, in the parameter's order.
        public var arguments: [WiringValue]
        /// `depends-on`, each a plan's key (or a parent's).
        public var dependencies: [String]
        /// Its `<property>` elements, in order.
        public var properties: [Property]
        /// `before-property-injection`, `after-property-injection`, `init-method`, `destroy-method`, by registered name.
        public var callbacks: [String?]
        /// The component's own attributes that a load reads as written, by name: its service attributes,
        /// which a load resolves and checks, and every other with a placeholder (for inspection's readers).
        public var attributes: [Attribute]

        /// A plan's image, field by field.
        public init(key: String, location: SourceLocation, scope: Scope, isLazy: Bool, isSeeded: Bool, isReloadable: Bool,
                    type: String?, maker: Maker, arguments: [WiringValue], dependencies: [String], properties: [Property],
                    callbacks: [String?], attributes: [Attribute] = []) {
            self.key = key
            self.location = location
            self.scope = scope
            self.isLazy = isLazy
            self.isSeeded = isSeeded
            self.isReloadable = isReloadable
            self.type = type
            self.maker = maker
            self.arguments = arguments
            self.dependencies = dependencies
            self.properties = properties
            self.callbacks = callbacks
            self.attributes = attributes
        }

        /// Every text of its values that a load resolves: each site, its hint, each dictionary key;
        /// on a stack of its own, however the collections nest.
        func forEachSiteText(_ body: (AttributeValue) -> Void) {
            var pending = arguments + properties.map(\.value)
            while let value = pending.popLast() {
                switch value {
                case .site(let text, let hint):
                    body(text)
                    if let hint { body(hint) }
                case .collection(let items): pending += items
                case .dictionary(let entries):
                    for entry in entries {
                        body(entry.key)
                        pending.append(entry.value)
                    }
                case .component, .null, .settings: break
                }
            }
        }
    }

    /// One attribute of a `<component>` as written: its XML name, its text and where.
    public struct Attribute: Sendable, Equatable {
        /// The attribute's name in the grammar, such as `class` or `service-finished`.
        public var name: String
        /// Its text as written, with where.
        public var value: AttributeValue

        /// The attribute `name`, written as `value`.
        public init(name: String, value: AttributeValue) {
            self.name = name
            self.value = value
        }

        /// Whether it is one of a component's service attributes.
        var isService: Bool { AssemblyGrammar.Attribute(rawValue: name)?.isService ?? false }
    }

    /// One `<property>` of a plan.
    public struct Property: Sendable, Equatable {
        /// The registered property's name.
        public var name: String
        /// What it is given.
        public var value: WiringValue
        /// Where the `<property>` is.
        public var location: SourceLocation

        /// The property `name`, given `value`, written at `location`.
        public init(name: String, value: WiringValue, location: SourceLocation) {
            self.name = name
            self.value = value
            self.location = location
        }
    }

    /// The environment, as `environment:` names it.
    public var environment: String?
    /// The `<property-placeholder>` locations, as written.
    public var placeholderLocations: [AttributeValue]
    /// Every plan, in the interpreter's plan order.
    public var components: [Component]
    /// Each alias here, and the key it stands for.
    public var aliases: [String: String]
    /// The texts with placeholders that decided this shape, each with the hash of its value here.
    public var structural: [WiringStamps.Structural]
    /// The `<service-group>` declarations, as written: a load resolves and checks their durations.
    public var serviceGroups: [AssemblyDocument.ServiceGroupDeclaration]

    /// The image of one environment, field by field.
    public init(environment: String?, placeholderLocations: [AttributeValue], components: [Component], aliases: [String: String],
                structural: [WiringStamps.Structural] = [], serviceGroups: [AssemblyDocument.ServiceGroupDeclaration] = []) {
        self.environment = environment
        self.placeholderLocations = placeholderLocations
        self.components = components
        self.aliases = aliases
        self.structural = structural
        self.serviceGroups = serviceGroups
    }

    /// Every text that a load resolves as a value: a value site, its hint, a dictionary's key, a service attribute.
    /// The component's other attributes with placeholders decide shape: they are stamped, not resolved.
    var siteTexts: Set<AttributeValue> {
        var texts = Set(components.flatMap { $0.attributes.filter(\.isService).map(\.value) })
        for component in components { component.forEachSiteText { texts.insert($0) } }
        return texts
    }
}
