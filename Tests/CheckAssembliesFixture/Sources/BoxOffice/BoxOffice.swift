import ComponentFactory
import Foundation

/// The box office's wiring: its registry, made by the one generated call,
/// and its factory, loaded from the target's own resources.
public enum BoxOffice {
    public static func registry() throws(DiagnosticReport) -> ComponentRegistry {
        var registry = ComponentRegistry()
        try registry.registerComponents()
        return registry
    }

    /// The factory of `environment`, from `Bundle.module`'s assemblies and config.
    public static func load(environment: String) async throws(DiagnosticReport) -> Factory {
        guard let assemblies = Bundle.module.url(forResource: "Assemblies", withExtension: nil),
              let config = Bundle.module.url(forResource: "Config", withExtension: nil) else {
            throw DiagnosticReport([Diagnostic(.importNotFound, "the box office's resources are missing from its bundle", at: nil)])
        }
        return try await Factory.loadAsync(assemblies: [.url(assemblies)], config: .url(config), environment: environment,
                                           registry: try registry())
    }
}
