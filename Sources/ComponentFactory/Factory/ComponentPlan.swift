/// One component compiled for resolving: an entry of the integer-indexed
/// plan table. Everything a definition says as text is decided here once:
/// the scope, the closure that makes the instance with its argument plans,
/// the property setters with their value plans, and the callbacks.
struct ComponentPlan {
    /// How the instance is made.
    enum Construction {
        /// An initializer or class method of the component's own type.
        case initializer(InitializerRegistration, arguments: [ValuePlan])
        /// A method of the component at `factory`.
        case factoryMethod(InitializerRegistration, factory: Int, arguments: [ValuePlan])
    }

    struct PropertyStep {
        let registration: PropertyRegistration
        let value: ValuePlan
        let location: SourceLocation
    }

    let index: Int
    let key: String
    let location: SourceLocation
    let scope: Scope
    let isLazy: Bool
    let isAbstract: Bool
    let produces: ProducedType
    let construction: Construction
    let properties: [PropertyStep]
    let beforePropertyInjection: CallbackRegistration?
    let afterPropertyInjection: CallbackRegistration?
    let initMethod: CallbackRegistration?
    let destroyMethod: CallbackRegistration?
    /// The registered type's infrastructure roles, if any.
    let roles: [InfrastructureRole]

    /// Whether the instance must be visible to others before it is finished,
    /// so that a cycle through its properties or callbacks resolves.
    var publishesEarly: Bool {
        !properties.isEmpty || beforePropertyInjection != nil || afterPropertyInjection != nil || initMethod != nil
    }
}
