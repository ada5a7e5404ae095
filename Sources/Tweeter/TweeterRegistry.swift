import Foundation

import ComponentFactory

/// The registry of the tweeter example: the client, and the transport it
/// posts through, found as ``HTTPTransport``.
///
/// ```swift
/// let factory = try Factory(assemblies: loaded.assemblies, configuration: configuration,
///                           registry: TweeterRegistry.make())
/// ```
public enum TweeterRegistry {
    public static func make() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(URLSessionTransport.self, conformsTo: [(any HTTPTransport).self]) { transport in
            transport.initializer { URLSessionTransport() }
        }
        registry.register(TweetClient.self) { client in
            client.initializer("initWithEndpoint:username:password:transport:") {
                (endpoint: URL, username: String, password: String, transport: any HTTPTransport) in
                TweetClient(endpoint: endpoint, username: username, password: password, transport: transport)
            }
        }
        return registry
    }
}
