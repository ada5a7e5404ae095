/// What a registered type does for the factory itself when an assembly
/// declares it as a component, as Typhoon allowed: such components are built
/// first, at load.
@_spi(Tooling)
public enum InfrastructureRole: String, Sendable, CaseIterable {
    /// A ``TypeConverter``: the factory registers it before converting any value.
    case typeConverter = "type converter"
    /// A ``FactoryPostProcessor``: it edits the definitions before they compile.
    case factoryPostProcessor = "factory post-processor"
    /// A ``ComponentPostProcessor``: it sees each component once it is built.
    case componentPostProcessor = "component post-processor"

    static func roles(of type: Any.Type) -> [InfrastructureRole] {
        var roles: [InfrastructureRole] = []
        if type is any TypeConverter.Type { roles.append(.typeConverter) }
        if type is any FactoryPostProcessor.Type { roles.append(.factoryPostProcessor) }
        if type is any ComponentPostProcessor.Type { roles.append(.componentPostProcessor) }
        return roles
    }
}
