import Foundation
import ComponentFactoryMacros

/// Posts a status: a form-encoded POST of `status=…` to the configured
/// endpoint, through whatever ``HTTPTransport`` the factory gave it, with
/// the configured credentials offered once if the server asks.
///
/// ```swift
/// let client = try factory.component(forKey: "tweetClient", as: TweetClient.self)
/// client.tweet("hello matey", observer: observer)
/// ```
@Component
public struct TweetClient: Sendable {
    /// Where statuses are posted.
    public let endpoint: URL
    /// The credential given when the server asks.
    public let credential: Credential
    /// What sends the requests.
    public let transport: any HTTPTransport

    /// A client posting to `endpoint` as `username`, over `transport`.
    public init(endpoint: URL, username: String, password: String, transport: any HTTPTransport) {
        self.endpoint = endpoint
        self.credential = Credential(user: username, password: password)
        self.transport = transport
    }

    /// Posts `message` as a status, and tells `observer` how it went; credentials are given once, then the challenge is cancelled.
    public func tweet(_ message: String, observer: any TweetObserver) {
        let request = HTTPRequest(
            url: endpoint, method: "POST",
            headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
            body: Data(("status=" + Self.formEncoded(message)).utf8))
        transport.send(request, delegate: TweetDelegate(credential: credential, observer: observer))
    }

    /// application/x-www-form-urlencoded: letters, digits and `-._~` stay,
    /// everything else is percent-encoded from UTF-8.
    static func formEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
