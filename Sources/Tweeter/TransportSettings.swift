import ComponentFactoryMacros

/// How ``URLSessionTransport`` talks to the server: typed settings bound
/// from `tweeter.transport.*` in the active environment, checked by the
/// `tweeter validate` tool in every environment.
///
/// ```properties
/// tweeter.transport.timeout = 30s
/// tweeter.transport.user-agent = tweeter/1.0
/// ```
@Settings(prefix: "tweeter.transport")
public struct TransportSettings: Equatable {
    /// How long a request may wait for the server, from one second to five minutes.
    @Within(Duration.seconds(1)...Duration.seconds(300)) public var timeout: Duration = .seconds(30)
    /// The `User-Agent` header sent with each request.
    @NotEmpty public var userAgent = "tweeter/1.0"

    /// The defaults.
    public init() {}
}
