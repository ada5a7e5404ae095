@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Tweeter

/// The shipped example, read from this checkout, loaded with the async load
/// (its drafts actor opens with an async initializer); with no drafts file
/// unless `overrides` name one.
enum TweeterExample {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let assembly = root + "/Assemblies/Tweeter.xml"

    static func factory(patcher: Patcher = Patcher(), overrides: [String: String] = [:]) async throws -> Factory {
        try await TestFactory.makeAsync(assemblies: [.path(assembly)], registry: TweeterRegistry.make(),
                                        options: .test(config: "\(root)/Config", overrides: ["tweeter.drafts.path": "/nonexistent/drafts.json"].merging(overrides) { $1 }),
                                        patcher: patcher)
    }

    /// A client whose transport is a new recording stub.
    static func client(overrides: [String: String] = [:]) async throws -> (TweetClient, RecordingTransport) {
        let transport = RecordingTransport()
        let patcher = Patcher()
        try patcher.patch("transport", with: transport)
        let factory = try await factory(patcher: patcher, overrides: overrides)
        return (try factory.component(forKey: "tweetClient", as: TweetClient.self), transport)
    }
}

/// The test double for the HTTP transport: records each request with its
/// delegate, sends nothing, and lets the test play the server's side,
/// from another thread as a real network would.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private var sent: [(request: HTTPRequest, delegate: any TransportDelegate)] = []
    private let lock = NSLock()

    func send(_ request: HTTPRequest, delegate: any TransportDelegate) {
        lock.withLock { sent.append((request, delegate)) }
    }

    var requests: [HTTPRequest] {
        lock.withLock { sent.map(\.request) }
    }

    var lastDelegate: (any TransportDelegate)? {
        lock.withLock { sent.last?.delegate }
    }

    /// Plays the server's answer to the last request on a background queue, later.
    func answerLater(_ answer: @escaping @Sendable (any TransportDelegate) -> Void) {
        guard let delegate = lastDelegate else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) { answer(delegate) }
    }
}

/// A challenge that records how it was answered.
final class StubChallenge: AuthenticationChallenge, @unchecked Sendable {
    let previousFailureCount: Int
    private var credentials: [Credential] = []
    private var cancels = 0
    private let lock = NSLock()

    init(previousFailureCount: Int) {
        self.previousFailureCount = previousFailureCount
    }

    func use(_ credential: Credential) {
        lock.withLock { credentials.append(credential) }
    }

    func cancel() {
        lock.withLock { cancels += 1 }
    }

    var credentialsUsed: [Credential] {
        lock.withLock { credentials }
    }

    var cancelCount: Int {
        lock.withLock { cancels }
    }
}

/// An observer that records what it was told, from any thread.
final class RecordingObserver: TweetObserver, @unchecked Sendable {
    private var events: [String] = []
    private var lastFailure: TransportFailure?
    private let lock = NSLock()

    func tweetSucceeded() { record("succeeded") }
    func tweetFailedAuthentication() { record("failed authentication") }

    func tweetFailed(with failure: TransportFailure) {
        // One critical section: a waiter that sees the event also sees its cause.
        lock.withLock {
            lastFailure = failure
            events.append("failed")
        }
    }

    var told: [String] {
        lock.withLock { events }
    }

    var failure: TransportFailure? {
        lock.withLock { lastFailure }
    }

    private func record(_ event: String) {
        lock.withLock { events.append(event) }
    }
}
