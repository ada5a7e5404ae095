/// One component compiled for resolving: an entry of the integer-indexed
/// plan table. Everything a definition says as text is decided here once:
/// the scope, the closure that makes the instance with its argument plans,
/// the property setters with their value plans, and the callbacks.
///
/// A class, so that reading a plan from the table while resolving costs one
/// reference, not a copy of every field. Every field is a constant, set
/// before the plan is handed on; its converted values are only ever read,
/// which is why the table shares plans between threads.
@usableFromInline
final class ComponentPlan: @unchecked Sendable {
    // @unchecked: no figure; its constants are Instances, which the compiler cannot check: each is a converter's Sendable value or a typed nil.
    struct PropertyStep {
        let registration: PropertyRegistration
        let value: ValuePlan
        let location: SourceLocation

        /// `type-mismatch`: `value` does not fit the property, on the component `key`.
        func mismatch(_ value: Any, of key: String) -> Diagnostic {
            Diagnostic(.typeMismatch, "property '\(registration.name)' of component '\(key)' is \(registration.type), "
                           + "but the value is \(type(of: value))", at: location)
        }
    }

    let index: Int
    let key: String
    let location: SourceLocation
    let scope: Scope
    let isLazy: Bool
    let produces: ProducedType
    let properties: [PropertyStep]
    let beforePropertyInjection: CallbackRegistration?
    let afterPropertyInjection: CallbackRegistration?
    let initMethod: CallbackRegistration?
    let destroyMethod: CallbackRegistration?
    /// The registered type's infrastructure roles, if any.
    let roles: [InfrastructureRole]
    /// Where the registered type's code runs.
    let isolation: Isolation
    /// Why building this component itself can suspend (`async init`,
    /// `@MainActor init`, `async init-method 'open'`), or nil; whether what
    /// it needs can is the plan table's to say.
    let ownSuspension: String?

    /// Whether the instance must be visible to others before it is finished,
    /// so that a cycle through its properties or callbacks resolves.
    let publishesEarly: Bool
    /// How the instance is made: the registered initializer, class method or
    /// factory method, its argument plans, and (for a factory method) the
    /// index of the factory component it is called on.
    let make: @Sendable (inout Arguments) throws -> Instance
    /// For an async or isolated maker: how the async lookup makes the instance, from arguments resolved first.
    let makeAsync: (nonisolated(nonsending) @Sendable (consuming AsyncArguments) async throws -> Instance)?
    let arguments: [ValuePlan]
    let factoryIndex: Int?
    /// What `depends-on` names: built before this component's initializer runs.
    let dependencies: [ValuePlan]
    /// The registered names behind the plan, for compiled wiring's image: the type's, and the maker's.
    let names: Names

    /// What the registry calls a plan's type and maker: one instance shared
    /// by every plan alike (see ``Interned``), so that a plan holds one reference for them.
    final class Names: Sendable {
        /// The component's registration, if it has one.
        let registration: String?
        /// The registration whose initializer, class method or factory method makes it.
        let makerOwner: String?
        let selector: String
        let kind: InitializerRegistration.Kind
        /// The maker's ``InitializerRegistration/initializerLabels``: set when it only calls the type's `init`.
        let initializerLabels: [String]?

        init(registration: String?, makerOwner: String?, maker: InitializerRegistration) {
            self.registration = registration
            self.makerOwner = makerOwner
            self.selector = maker.selector
            self.kind = maker.kind
            self.initializerLabels = maker.initializerLabels
        }

        /// Hands out one ``Names`` for all that are alike, to the builder of one plan table.
        struct Interned {
            /// What the names are made of.
            private struct Key: Hashable {
                let registration: String?
                let makerOwner: String?
                let selector: String
                let kind: InitializerRegistration.Kind
            }

            private var known: [Key: Names] = [:]

            mutating func names(registration: String?, makerOwner: String?, maker: InitializerRegistration) -> Names {
                let key = Key(registration: registration, makerOwner: makerOwner, selector: maker.selector, kind: maker.kind)
                if let found = known[key] { return found }
                let names = Names(registration: registration, makerOwner: makerOwner, maker: maker)
                known[key] = names
                return names
            }
        }
    }

    /// The callbacks that run while the component is built, in the order they run.
    enum Callback: Equatable {
        case beforePropertyInjection, afterPropertyInjection, initMethod
    }

    init(index: Int, key: String, location: SourceLocation, scope: Scope, isLazy: Bool, produces: ProducedType,
         maker: InitializerRegistration, arguments: [ValuePlan], factoryIndex: Int?, dependencies: [ValuePlan] = [], properties: [PropertyStep], beforePropertyInjection: CallbackRegistration?,
         afterPropertyInjection: CallbackRegistration?, initMethod: CallbackRegistration?,
         destroyMethod: CallbackRegistration?, roles: [InfrastructureRole], isolation: Isolation = .nonisolated,
         names: Names? = nil) {
        self.index = index
        self.key = key
        self.location = location
        self.scope = scope
        self.isLazy = isLazy
        self.produces = produces
        self.properties = properties
        self.beforePropertyInjection = beforePropertyInjection
        self.afterPropertyInjection = afterPropertyInjection
        self.initMethod = initMethod
        self.destroyMethod = destroyMethod
        self.roles = roles
        self.isolation = isolation
        self.ownSuspension = Self.suspension(maker: maker, isolation: isolation, properties: properties,
                                             callbacks: [("before-property-injection", beforePropertyInjection),
                                                         ("after-property-injection", afterPropertyInjection),
                                                         ("init-method", initMethod)])
        self.publishesEarly = !properties.isEmpty || beforePropertyInjection != nil || afterPropertyInjection != nil || initMethod != nil
        self.make = maker.invoke
        self.makeAsync = maker.invokeAsync
        self.arguments = arguments
        self.factoryIndex = factoryIndex
        self.dependencies = dependencies
        self.names = names ?? Names(registration: nil, makerOwner: nil, maker: maker)
    }

    /// The callback `which`, if the component has it.
    func callback(_ which: Callback) -> CallbackRegistration? {
        switch which {
        case .beforePropertyInjection: beforePropertyInjection
        case .afterPropertyInjection: afterPropertyInjection
        case .initMethod: initMethod
        }
    }

    /// Why building can suspend because of the component's own steps: its
    /// maker, an async setter, or an async callback that runs while it is
    /// built (a destroy method runs at shutdown, not while building).
    private static func suspension(maker: InitializerRegistration, isolation: Isolation, properties: [PropertyStep],
                                   callbacks: [(String, CallbackRegistration?)]) -> String? {
        if maker.isAsync {
            let what = maker.kind == .initializer ? "init" : maker.kind.rawValue
            switch isolation {
            case .mainActor, .globalActor: return "\(isolation) \(what)"
            case .nonisolated, .actor: return "async \(what)"
            }
        }
        if let step = properties.first(where: { $0.registration.isAsync }) {
            return "async property '\(step.registration.name)'"
        }
        for (attribute, callback) in callbacks {
            if let callback, callback.isAsync { return "async \(attribute) '\(callback.name)'" }
        }
        return nil
    }
}
