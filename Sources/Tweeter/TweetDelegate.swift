/// Answers the transport for one tweet: offers the client's credentials to
/// the first authentication challenge only, cancels any later one (wrong
/// credentials stay wrong), and tells the observer the outcome.
struct TweetDelegate: TransportDelegate {
    let credential: Credential
    let observer: any TweetObserver

    func transport(didReceive challenge: any AuthenticationChallenge) {
        if challenge.previousFailureCount == 0 {
            challenge.use(credential)
        } else {
            challenge.cancel()
        }
    }

    func transportDidFinish() {
        observer.tweetSucceeded()
    }

    func transport(didFailWith failure: TransportFailure) {
        if failure == .cancelledAuthentication {
            observer.tweetFailedAuthentication()
        } else {
            observer.tweetFailed(with: failure)
        }
    }
}
