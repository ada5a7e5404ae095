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
    /// A registry of the example's types, each registered by its `@Component` declaration.
    public static func make() -> ComponentRegistry {
        var registry = ComponentRegistry()
        // Each type is @Component: its initializers and conformances are read from its declaration.
        registry.register(URLSessionTransport.self)
        registry.register(TweetClient.self)
        registry.register(DraftStore.self)
        registry.register(TweetComposer.self)
        registry.register(settings: TransportSettings.self)
        return registry
    }
}
