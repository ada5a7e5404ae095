import ComponentFactoryMacros

/// The presenter of the compose screen, on the main actor as a view model
/// is: it posts through ``TweetClient``, keeps unposted text in the
/// ``DraftStore``, and shows where the last post got to in ``state``.
///
/// The factory builds it with the async lookup, on the main actor, after
/// the drafts are open, and then runs ``restoreDrafts()``, its `init-method`:
///
/// ```swift
/// let composer = try await factory.async.component(forKey: "composer", as: TweetComposer.self)
/// composer.post("hello matey")
/// ```
@MainActor @Component
public final class TweetComposer {
    /// Where the last post got to.
    public enum State: Equatable, Sendable {
        /// Nothing posted yet.
        case idle
        /// Sent, with no answer yet.
        case posting
        /// The server took it.
        case posted
        /// It failed; the text stays a draft.
        case failed(TransportFailure)
    }

    /// Where the last post got to.
    public private(set) var state: State = .idle
    /// The drafts, as the store had them last.
    public private(set) var drafts: [String] = []
    private let client: TweetClient
    private let store: DraftStore

    /// A presenter posting through `client`, keeping drafts in `drafts`.
    public init(client: TweetClient, drafts: DraftStore) {
        self.client = client
        self.store = drafts
    }

    /// Shows the drafts the store opened with.
    @Callback public func restoreDrafts() async {
        drafts = await store.drafts
    }

    /// Keeps `text` as a draft.
    public func saveDraft(_ text: String) async throws {
        try await store.save(text)
        drafts = await store.drafts
    }

    /// Posts `text`; ``state`` is ``State/posting`` until the server answers.
    /// A posted draft stops being a draft.
    public func post(_ text: String) {
        state = .posting
        client.tweet(text, observer: Outcome(composer: self, text: text))
    }

    private func finish(_ text: String, _ outcome: State) async {
        if outcome == .posted {
            do {
                try await store.remove(text)
            } catch {
                state = .failed(.network("posted, but the drafts file could not be written: \(error)"))
                return
            }
            drafts = await store.drafts
        }
        state = outcome
    }

    /// Hears the client on whatever thread the transport answers, and tells the composer on the main actor.
    private struct Outcome: TweetObserver {
        let composer: TweetComposer
        let text: String

        func tweetSucceeded() { tell(.posted) }
        func tweetFailed(with failure: TransportFailure) { tell(.failed(failure)) }
        func tweetFailedAuthentication() { tell(.failed(.cancelledAuthentication)) }

        private func tell(_ outcome: State) {
            Task { @MainActor [composer, text] in await composer.finish(text, outcome) }
        }
    }
}
