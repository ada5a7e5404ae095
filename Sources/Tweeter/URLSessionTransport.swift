import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
import ComponentFactoryMacros
#endif

/// The production ``HTTPTransport``: one ephemeral `URLSession` task per
/// request. Password challenges (basic, digest) go to the delegate; any
/// other kind, such as server trust, keeps the system's default handling. A refused challenge ends in
/// ``TransportFailure/cancelledAuthentication``, a status outside 200–299
/// in ``TransportFailure/status(_:)``.
///
/// The tests never send anything: they patch the `transport` component
/// with a recording stub.
@Component(conformsTo: [(any HTTPTransport).self])
public final class URLSessionTransport: HTTPTransport {
    /// The timeout and the user agent of every request.
    public let settings: TransportSettings

    /// A transport over a fresh ephemeral `URLSession` for each request,
    /// with `settings`; the assembly autowires the ones bound from configuration.
    @Selector("init")
    public init(settings: TransportSettings = TransportSettings()) {
        self.settings = settings
    }

    /// Sends `request`, telling `delegate` of challenges and of the outcome.
    public func send(_ request: HTTPRequest, delegate: any TransportDelegate) {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = Double(settings.timeout.components.seconds)
        urlRequest.setValue(settings.userAgent, forHTTPHeaderField: "User-Agent")
        for (field, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: field)
        }
        let session = URLSession(configuration: .ephemeral, delegate: SessionDelegate(delegate), delegateQueue: nil)
        session.dataTask(with: urlRequest).resume()
        session.finishTasksAndInvalidate()
    }
}

/// Relays one task's session events to the request's ``TransportDelegate``.
private final class SessionDelegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let delegate: any TransportDelegate

    init(_ delegate: any TransportDelegate) {
        self.delegate = delegate
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        let passwordMethods = [NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest]
        guard passwordMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        delegate.transport(didReceive: SessionChallenge(previousFailureCount: challenge.previousFailureCount, answer: completionHandler))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error = error as NSError? {
            delegate.transport(didFailWith: error.code == NSURLErrorUserCancelledAuthentication
                                   ? .cancelledAuthentication : .network(error.localizedDescription))
        } else if let response = task.response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
            delegate.transport(didFailWith: .status(response.statusCode))
        } else {
            delegate.transportDidFinish()
        }
    }
}

/// A session's challenge, answered at most once.
private final class SessionChallenge: AuthenticationChallenge, @unchecked Sendable {
    let previousFailureCount: Int
    private var answer: ((URLSession.AuthChallengeDisposition, URLCredential?) -> Void)?
    private let lock = NSLock()

    init(previousFailureCount: Int, answer: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        self.previousFailureCount = previousFailureCount
        self.answer = answer
    }

    func use(_ credential: Credential) {
        take()?(.useCredential, URLCredential(user: credential.user, password: credential.password, persistence: .forSession))
    }

    func cancel() {
        take()?(.cancelAuthenticationChallenge, nil)
    }

    private func take() -> ((URLSession.AuthChallengeDisposition, URLCredential?) -> Void)? {
        lock.lock()
        defer { lock.unlock() }
        defer { answer = nil }
        return answer
    }
}
