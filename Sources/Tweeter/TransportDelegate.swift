/// Receives what happens to one request, asynchronously and on any thread,
/// as `NSURLConnection`'s delegate did in the article.
public protocol TransportDelegate: Sendable {
    /// The server asks for credentials.
    func transport(didReceive challenge: any AuthenticationChallenge)
    /// The request succeeded.
    func transportDidFinish()
    /// The request failed.
    func transport(didFailWith failure: TransportFailure)
}
