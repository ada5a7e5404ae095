/// Where the HTTP server listens: what `${http.host}` and `${http.port}` give.
public struct HTTPSettings: Sendable {
    public let host: String
    public let port: Int

    public init(host: String, port: Int) {
        (self.host, self.port) = (host, port)
    }
}
