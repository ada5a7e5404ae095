import ComponentFactory

/// The registry of the human-resources example: both stores under the names
/// that `employee.store.class` may give, found as ``EmployeeStore``, and the report.
///
/// ```swift
/// let factory = try Factory.load(assemblies: ["Assemblies/HumanResources.xml"], config: "Config", environment: "test",
///                                registry: HumanResourcesRegistry.make())
/// ```
public enum HumanResourcesRegistry {
    /// A registry of the example's types, each registered by its `@Component` declaration.
    public static func make() -> ComponentRegistry {
        var registry = ComponentRegistry()
        // Each type is @Component: its initializers and conformances are read from its declaration.
        registry.register(SQLiteEmployeeStore.self)
        registry.register(InMemoryEmployeeStore.self)
        registry.register(SalaryReport.self)
        return registry
    }
}
