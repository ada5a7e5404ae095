/// Sends requests. A component of its own, so that a test patches it with a
/// recording stub and production uses ``URLSessionTransport``.
///
/// ```swift
/// transport.send(HTTPRequest(url: endpoint, method: "POST"), delegate: delegate)
/// ```
public protocol HTTPTransport: Sendable {
    /// Starts `request` and returns at once; `delegate` hears how it went.
    func send(_ request: HTTPRequest, delegate: any TransportDelegate)
}
