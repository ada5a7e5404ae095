/// Told how a tweet went, once: it succeeded, failed, or its credentials were refused.
public protocol TweetObserver: Sendable {
    /// The status was posted.
    func tweetSucceeded()
    /// The request failed.
    func tweetFailed(with failure: TransportFailure)
    /// The server refused the credentials.
    func tweetFailedAuthentication()
}
