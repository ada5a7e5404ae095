@_spi(Tooling) import ComponentFactory
import Foundation

/// Loads a fixture of `Fixtures/Typhoon` into a factory, as Typhoon's tests
/// made a `TyphoonXmlComponentFactory` from a resource: each test its own.
enum TyphoonFixture {
    static var directory: String {
        Bundle.module.url(forResource: "Fixtures/Typhoon", withExtension: nil)?.path ?? "missing-fixtures"
    }

    static func assemblies(_ name: String) -> AssemblyLoader.Loading {
        AssemblyLoader.load(paths: [directory + "/" + name])
    }

    static func configuration(for loaded: AssemblyLoader.Loading) throws -> Configuration {
        let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory + "/Config"))
        return try loader.configuration(declaredBy: loaded.assemblies, environment: nil)
    }

    static func factory(_ name: String, registry: ComponentRegistry? = nil) throws -> Factory {
        let loaded = assemblies(name)
        return try Factory(assemblies: loaded.assemblies, configuration: configuration(for: loaded),
                           registry: try registry ?? TyphoonRegistry.make())
    }

    /// Registry-aware validation of the fixture.
    static func diagnostics(_ name: String, registry: ComponentRegistry? = nil) throws -> [Diagnostic] {
        let loaded = assemblies(name)
        return loaded.diagnostics + EnvironmentValidation(assemblies: loaded.assemblies, configuration: try configuration(for: loaded),
                                                          registry: try registry ?? TyphoonRegistry.make()).diagnostics
    }
}
