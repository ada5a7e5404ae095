import Hummingbird

/// A short code and the address it stands for.
public struct Link: Sendable, Codable, Equatable, ResponseEncodable {
    public let code: String
    public let url: String

    public init(code: String, url: String) {
        self.code = code
        self.url = url
    }
}
