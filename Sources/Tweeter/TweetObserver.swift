/// Told how a tweet went, once: it succeeded, failed, or its credentials were refused.
public protocol TweetObserver: Sendable {
    func tweetSucceeded()
    func tweetFailed(with failure: TransportFailure)
    func tweetFailedAuthentication()
}
