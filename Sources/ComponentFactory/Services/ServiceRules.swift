/// The one owner of the rules for services, in two steps of
/// ``EnvironmentBuild``:
/// 1. before the pass, with the environment's resolver (so that the keys
///    they name count as read): each component's `service`,
///    `service-finished` and `service-failed`, and the one `<service-group>`'s
///    durations, resolved and checked;
/// 2. after it, against the plans: a component marked `service="yes"` is a
///    singleton, and a service (when the registry recognizes services, see
///    the lifecycle product) is one (`not-a-service`); and no service needs a
///    prototype, directly or through components built with it, nor a
///    `reloadable` component, through anything (`scope-widening`, both found
///    by `ShorterLived`).
struct ServiceRules {
    /// Each definition's resolved attributes, by key.
    private var roles: [String: (role: ServiceTable.Role, location: SourceLocation)] = [:]
    private var bounds = ServiceTable()
    private(set) var diagnostics: [Diagnostic] = []

    init(definitions: [ComponentDefinition], groups: [AssemblyDocument.ServiceGroupDeclaration],
         resolver: inout PlaceholderResolver) {
        for definition in definitions
        where definition.service != nil || definition.serviceFinished != nil || definition.serviceFailed != nil {
            let marked = definition.service.flatMap { flag(resolved($0, &resolver), $0) } ?? false
            let finished = definition.serviceFinished.flatMap { termination(resolved($0, &resolver), $0) } ?? .cancelGroup
            let failed = definition.serviceFailed.flatMap { termination(resolved($0, &resolver), $0) } ?? .cancelGroup
            let location = definition.service?.location ?? definition.serviceFinished?.location
                ?? definition.serviceFailed?.location ?? definition.location
            roles[definition.key] = (ServiceTable.Role(isMarked: marked, whenFinished: finished, whenFailed: failed), location)
        }
        if let first = groups.first {
            for extra in groups.dropFirst() {
                diagnostics.append(Diagnostic(
                    .duplicateKey, "a second <service-group>: an assembly set has one", at: extra.location,
                    notes: [Diagnostic.Note("the first is here", at: first.location)]))
            }
            bounds.gracefulShutdownTimeout = first.gracefulShutdownTimeout.flatMap { duration(resolved($0, &resolver), $0) }
            bounds.cancellationTimeout = first.cancellationTimeout.flatMap { duration(resolved($0, &resolver), $0) }
        }
    }

    /// The table of `plans`, with what breaks the rules against them. `isService` is the registry's test of a Swift type, if it has one.
    /// `reloadable` are the plans marked `reloadable="yes"`.
    mutating func table(for plans: [ComponentPlan], isService: (@Sendable (Any.Type) -> Bool)?, reloadable: Set<Int> = []) -> ServiceTable {
        var table = bounds
        // Walked only when a singleton service is found: most components are not services.
        lazy var prototypes = ShorterLived(plans, isShort: { $0.scope == .prototype }, passesOn: [.objectGraph])
        // A reload builds anew whatever needs a reloadable component; a running service cannot be.
        lazy var reloaded = ShorterLived.needingReloadable(plans) { reloadable.contains($0) }
        for plan in plans {
            let attributes = roles[plan.key]
            if let attributes { table.roles[plan.index] = attributes.role }
            let marked = attributes?.role.isMarked ?? false
            if marked, let isService, !plan.produces.isSubtype(isService) {
                diagnostics.append(Diagnostic(
                    .notAService, "component '\(plan.key)' is marked service=\"yes\", but its type \(plan.produces) is not a Service; "
                        + "conform it to Service, or remove the mark", at: attributes?.location ?? plan.location))
                continue
            }
            let isAService = marked || (isService.map { plan.produces.isSubtype($0) } ?? false)
            guard isAService else { continue }
            if plan.scope != .singleton {
                // A type that is a service but built per use is only a component; a marked one must be a singleton.
                if marked {
                    diagnostics.append(Diagnostic(
                        .invalidAttributeValue, "component '\(plan.key)' is marked service=\"yes\" but is \(plan.scope.rawValue): "
                            + "a service runs once, so it must be a singleton", at: attributes?.location ?? plan.location))
                }
                continue
            }
            if let short = reloadable.contains(plan.index) ? plan.index : reloaded.needed(by: plan)?.short {
                let component = plans[short]
                let why = short == plan.index ? "is itself reloadable" : "needs '\(component.key)', which is reloadable"
                diagnostics.append(Diagnostic(
                    .scopeWidening, "service '\(plan.key)' \(why): a reload builds it anew, but a service runs once, "
                        + "for as long as the group runs; look '\(component.key)' up through the live factory when needed",
                    at: plan.location, notes: short == plan.index ? []
                        : [Diagnostic.Note("'\(component.key)' is defined here", at: component.location)]))
            }
            if let (short, _) = prototypes.needed(by: plan) {
                let prototype = plans[short]
                diagnostics.append(Diagnostic(
                    .scopeWidening, "service '\(plan.key)' needs '\(prototype.key)', a prototype: the service would keep one "
                        + "instance of it for as long as it runs; make '\(prototype.key)' a singleton, or look it up when needed",
                    at: plan.location, notes: [Diagnostic.Note("'\(prototype.key)' is defined here", at: prototype.location)]))
            }
        }
        return table
    }

    // MARK: Values

    private mutating func resolved(_ value: AttributeValue, _ resolver: inout PlaceholderResolver) -> String? {
        do {
            return try resolver.resolve(value.text, at: value.location)
        } catch {
            diagnostics.append(error)
            return nil
        }
    }

    private mutating func flag(_ text: String?, _ value: AttributeValue) -> Bool? {
        guard let text else { return nil }
        guard let flag = BooleanAttribute.parse(text) else {
            diagnostics.append(Diagnostic(.invalidAttributeValue, "service='\(text)' is not yes, no, true or false", at: value.location))
            return nil
        }
        return flag
    }

    private mutating func termination(_ text: String?, _ value: AttributeValue) -> ServiceTable.Termination? {
        guard let text else { return nil }
        guard let termination = ServiceTable.Termination(rawValue: text) else {
            let valid = ServiceTable.Termination.allCases.map(\.rawValue)
            diagnostics.append(Diagnostic(.invalidAttributeValue, "'\(text)' is not what a service group can do when a service ends; "
                                              + "valid: " + valid.joined(separator: ", ")
                                              + SpellingSuggestions.didYouMean(text, among: valid), at: value.location))
            return nil
        }
        return termination
    }

    private mutating func duration(_ text: String?, _ value: AttributeValue) -> Duration? {
        guard let text else { return nil }
        do {
            return try DurationConverter().convert(text)
        } catch {
            diagnostics.append(Diagnostic(.invalidAttributeValue, "'\(text)' is not a duration: \(error.reason)", at: value.location))
            return nil
        }
    }
}
