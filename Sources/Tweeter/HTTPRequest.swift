import Foundation

/// A request as the tweet client builds it and a transport sends it: plain
/// data, so that a test double can record it and a test can read it back.
public struct HTTPRequest: Sendable, Equatable {
    /// Where the request goes.
    public var url: URL
    /// The HTTP method, such as `POST`.
    public var method: String
    /// The header fields.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// A request to `url`.
    public init(url: URL, method: String, headers: [String: String] = [:], body: Data = Data()) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
