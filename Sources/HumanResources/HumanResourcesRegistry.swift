import ComponentFactory

/// The registry of the human-resources example: both stores under the names
/// that `employee.store.class` may give, found as ``EmployeeStore``, and the report.
///
/// ```swift
/// let factory = try Factory(assemblies: loaded.assemblies, configuration: configuration,
///                           registry: HumanResourcesRegistry.make())
/// ```
public enum HumanResourcesRegistry {
    public static func make() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(SQLiteEmployeeStore.self, conformsTo: [(any EmployeeStore).self]) { store in
            store.initializer("initWithPath:") { (path: String) in SQLiteEmployeeStore(path: path) }
        }
        registry.register(InMemoryEmployeeStore.self, conformsTo: [(any EmployeeStore).self]) { store in
            store.initializer("initWithPath:") { (path: String) in try InMemoryEmployeeStore(path: path) }
        }
        registry.register(SalaryReport.self) { report in
            report.initializer("initWithStore:") { (store: any EmployeeStore) in SalaryReport(store: store) }
        }
        return registry
    }
}
