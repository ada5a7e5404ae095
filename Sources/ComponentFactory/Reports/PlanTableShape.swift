/// A plan table described field by field, so that two tables made by
/// different paths (the interpreter's, compiled wiring's) compare as text:
/// every plan's key, place, scope, type, maker, values (constants by their
/// description), edges and callbacks, and the table's keys, aliases and flags.
enum PlanTableShape {
    static func describe(_ table: PlanTable) -> String {
        var lines: [String] = []
        for plan in table.plans {
            let names = plan.names
            lines.append("\(plan.index) \(plan.key) at \(plan.location) \(plan.scope.rawValue) lazy=\(plan.isLazy) "
                             + "produces=\(plan.produces) \(plan.produces.conformances.map(\.name)) "
                             + "registration=\(names.registration ?? "-") maker=\(names.kind.rawValue) \(names.selector) of \(names.makerOwner ?? "-") "
                             + "factory=\(plan.factoryIndex.map(String.init) ?? "-") isolation=\(plan.isolation) "
                             + "suspends=\(plan.ownSuspension ?? "-") early=\(plan.publishesEarly) roles=\(plan.roles)")
            lines.append("  arguments " + plan.arguments.map(describe).joined(separator: ", "))
            lines.append("  depends " + plan.dependencies.map(describe).joined(separator: ", "))
            for step in plan.properties {
                lines.append("  property \(step.registration.name) = \(describe(step.value)) at \(step.location)")
            }
            lines.append("  callbacks " + [plan.beforePropertyInjection, plan.afterPropertyInjection, plan.initMethod, plan.destroyMethod]
                .map { $0?.name ?? "-" }.joined(separator: " "))
        }
        lines.append("keys " + table.keys.byKey.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        lines.append("parent aliases \(table.parentAliases.sorted { $0.key < $1.key })")
        lines.append("seeded \(table.isSeeded) reloadable \(table.isReloadable)")
        lines.append("settings " + table.settings.keys.map(\.name).sorted().joined(separator: " "))
        lines.append("post-processors " + table.postProcessors.map { "\(type(of: $0))" }.joined(separator: " "))
        lines.append("environment \(table.environment ?? "-") request \(table.requestComponentCount)")
        return lines.joined(separator: "\n")
    }

    /// A value plan; nested as deep as the fixture's collections.
    private static func describe(_ plan: ValuePlan) -> String {
        switch plan {
        case .constant(let instance): "constant \(type(of: instance.value)) \(instance.value)"
        case .component(let index): "component \(index)"
        case .inherited(let key): "inherited \(key)"
        case .collection(let items, _, let typeName): "\(typeName) [" + items.map(describe).joined(separator: ", ") + "]"
        case .dictionary(let entries, _, let typeName):
            "\(typeName) [" + entries.map { "\($0.key): \(describe($0.value))" }.sorted().joined(separator: ", ") + "]"
        }
    }
}

extension Factory {
    /// This factory's plan table, described field by field: equal for a
    /// factory loaded from assemblies and one loaded from their compiled
    /// wiring, which is what the agreement tests and the differential fuzz target compare.
    @_spi(Tooling) public var planShape: String { PlanTableShape.describe(table) }
}
