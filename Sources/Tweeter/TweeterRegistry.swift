import Foundation

import ComponentFactory

/// The registry of the tweeter example: the client, the transport it posts
/// through, found as ``HTTPTransport``, the drafts actor, the main-actor
/// presenter of the compose screen, and the transport's typed settings.
///
/// ```swift
/// let factory = try await Factory.loadAsync(assemblies: ["Assemblies/Tweeter.xml"], config: "Config", environment: "test",
///                                           registry: TweeterRegistry.make())
/// ```
public enum TweeterRegistry {
    /// A registry of the example's types: every `@Component` and `@Settings`
    /// type of the target, registered by the call the RegisterComponents
    /// plugin generates from the target's sources at build time.
    public static func make() throws(DiagnosticReport) -> ComponentRegistry {
        var registry = ComponentRegistry()
        try registry.registerComponents()
        return registry
    }
}
