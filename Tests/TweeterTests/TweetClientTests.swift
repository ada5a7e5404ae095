@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing
import Tweeter

/// The article's tests, against a factory whose `transport` is patched with
/// a recording stub: nothing is sent, and each test has its own factory.
struct TweetClientTests {
    @Test func aTweetIsPostedToTheConfiguredEndpoint() async throws {
        let (client, transport) = try await TweeterExample.client()

        client.tweet("hello matey", observer: RecordingObserver())

        #expect(transport.requests.count == 1)
        #expect(transport.requests.first?.url.absoluteString == "http://127.0.0.1:9/statuses/update.json")  // Config/app-test.properties
        #expect(transport.requests.first?.method == "POST")
    }

    /// The same, with the `.factory` trait making this test's factory, its transport patched with a stub of its own.
    @Test(.factory(assemblies: [.path(TweeterExample.assembly)], registry: TweeterRegistry.make(),
                   options: .test(config: "\(TweeterExample.root)/Config", overrides: ["tweeter.drafts.path": "/nonexistent/drafts.json"]),
                   patches: { try $0.patch("transport", with: RecordingTransport()) }))
    func aTweetIsPostedThroughTheFactoryTheTraitMade() async throws {
        let factory = try TestFactory.current
        let transport = try factory.component(forKey: "transport", as: RecordingTransport.self)

        try factory.component(forKey: "tweetClient", as: TweetClient.self).tweet("hello matey", observer: RecordingObserver())

        #expect(transport.requests.map(\.bodyText) == ["status=hello%20matey"])
    }

    @Test func theMessageIsTheStatusParameterOfAFormBody() async throws {
        let (client, transport) = try await TweeterExample.client()

        client.tweet("hello", observer: RecordingObserver())
        client.tweet("hello matey & co = 100%", observer: RecordingObserver())

        #expect(transport.requests.map(\.bodyText) == ["status=hello", "status=hello%20matey%20%26%20co%20%3D%20100%25"])
        #expect(transport.requests.first?.headers["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func theFirstChallengeIsAnsweredWithTheCredentialsFromTheProperties() async throws {
        let (client, transport) = try await TweeterExample.client()
        client.tweet("hi", observer: RecordingObserver())
        let challenge = StubChallenge(previousFailureCount: 0)

        transport.lastDelegate?.transport(didReceive: challenge)

        // tweeter.username from Config/app.properties, tweeter.password from its test overlay.
        #expect(challenge.credentialsUsed == [Credential(user: "knight", password: "test-password")])
        #expect(challenge.cancelCount == 0)
    }

    @Test func credentialsFollowTheConfiguration() async throws {
        let (client, transport) = try await TweeterExample.client(overrides: ["tweeter.username": "rita", "tweeter.password": "mysecret"])
        client.tweet("hi", observer: RecordingObserver())
        let challenge = StubChallenge(previousFailureCount: 0)

        transport.lastDelegate?.transport(didReceive: challenge)

        #expect(challenge.credentialsUsed == [Credential(user: "rita", password: "mysecret")])
    }

    @Test func aFailedChallengeIsCancelledNotAnsweredAgain() async throws {
        let (client, transport) = try await TweeterExample.client()
        client.tweet("yo", observer: RecordingObserver())
        let first = StubChallenge(previousFailureCount: 0)
        let again = StubChallenge(previousFailureCount: 1)

        transport.lastDelegate?.transport(didReceive: first)
        transport.lastDelegate?.transport(didReceive: again)

        #expect(first.credentialsUsed.count == 1)
        #expect(again.credentialsUsed.isEmpty)
        #expect(again.cancelCount == 1)
        #expect(transport.requests.count == 1)
    }

    @Test func theObserverHearsOfSuccess() async throws {
        let (client, transport) = try await TweeterExample.client()
        let observer = RecordingObserver()
        client.tweet("hey", observer: observer)

        transport.answerLater { $0.transportDidFinish() }

        try await waitForCondition(pollInterval: .milliseconds(5)) { !observer.told.isEmpty }
        #expect(observer.told == ["succeeded"])
    }

    @Test func theObserverHearsOfFailureWithItsCause() async throws {
        let (client, transport) = try await TweeterExample.client()
        let observer = RecordingObserver()
        client.tweet("oi!", observer: observer)

        transport.answerLater { $0.transport(didFailWith: .status(503)) }

        try await waitForCondition(pollInterval: .milliseconds(5)) { !observer.told.isEmpty }
        #expect(observer.told == ["failed"])
        #expect(observer.failure == .status(503))
    }

    @Test func theObserverHearsOfRefusedCredentialsApartFromOtherFailures() async throws {
        let (client, transport) = try await TweeterExample.client()
        let observer = RecordingObserver()
        client.tweet("hi!", observer: observer)

        transport.answerLater { $0.transport(didFailWith: .cancelledAuthentication) }

        try await waitForCondition(pollInterval: .milliseconds(5)) { !observer.told.isEmpty }
        #expect(observer.told == ["failed authentication"])
        #expect(observer.failure == nil)
    }

    @Test func withoutThePatchTheRealTransportIsWiredAndRollbackBringsItBack() async throws {
        let patcher = Patcher()
        let factory = try await TweeterExample.factory(patcher: patcher)
        #expect(try factory.component(forKey: "transport") is URLSessionTransport)

        try patcher.patch("transport", with: RecordingTransport())
        #expect(try factory.component(forKey: "tweetClient", as: TweetClient.self).transport is RecordingTransport)

        patcher.rollback()
        #expect(try factory.component(forKey: "tweetClient", as: TweetClient.self).transport is URLSessionTransport)
    }

    @Test func printedCredentialsHideThePassword() async throws {
        let (client, _) = try await TweeterExample.client()

        #expect(!"\(client)".contains("test-password"))
        #expect("\(client.credential)" == "Credential(user: knight, password: ******)")
    }
}
