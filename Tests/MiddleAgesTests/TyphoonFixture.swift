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

    /// Registry-aware validation of the fixture. The fixture config is
    /// Typhoon's, shared by every fixture, and each fixture reads only some
    /// of its keys: the `unused-property` warnings for the others are left out
    /// (the check has its own tests, in UnusedKeysTests).
    static func diagnostics(_ name: String, registry: ComponentRegistry? = nil) throws -> [Diagnostic] {
        let loaded = assemblies(name)
        let validation = EnvironmentBuild(assemblies: loaded.assemblies, configuration: try configuration(for: loaded),
                                               registry: try registry ?? TyphoonRegistry.make())
        return loaded.diagnostics + validation.diagnostics.filter { $0.code != .unusedProperty }
    }
}
