/// Every registered ``Settings`` type bound for one environment, with what
/// each binding found: step 5 of ``EnvironmentBuild``, before the pass,
/// which autowires the bound values.
struct BoundSettings: Sendable {
    /// Each type that bound, by identity.
    var values: [TypeIdentity: any Settings] = [:]
    /// The types whose binding failed; their problems are in ``diagnostics``.
    var unbound: Set<TypeIdentity> = []
    /// Every field of every type, in the order registered.
    var fields: [SettingsField] = []
    var diagnostics: [Diagnostic] = []

    /// None bound.
    init() {}

    /// Binds each of `types` through `resolver`, whose reads then count the
    /// fields' keys, converting with `converters`.
    init(_ types: [any Settings.Type], resolver: inout PlaceholderResolver, converters: TypeConverters) {
        for type in types {
            var binder = SettingsBinder(type, resolver: resolver, converters: converters)
            var problems: [Diagnostic]
            do {
                let value = try type.init(from: &binder)
                problems = binder.problems
                if problems.isEmpty { values[TypeIdentity(type)] = value }
            } catch {
                // A hand-written initializer may throw a report of its own.
                problems = error.diagnostics.isEmpty ? binder.problems : error.diagnostics
                if problems.isEmpty {
                    problems = [Diagnostic(.buildFailed, "settings \(type) failed to bind, and said nothing of why", at: nil)]
                }
            }
            if !problems.isEmpty { unbound.insert(TypeIdentity(type)) }
            diagnostics += problems
            resolver = binder.resolver
            fields += binder.fields
        }
    }
}
