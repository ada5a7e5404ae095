/// Receives what happens to one request, asynchronously and on any thread,
/// as `NSURLConnection`'s delegate did in the article.
public protocol TransportDelegate: Sendable {
    func transport(didReceive challenge: any AuthenticationChallenge)
    func transportDidFinish()
    func transport(didFailWith failure: TransportFailure)
}
