/// Where the database is: what the assembly's `${db.*}` keys give.
public struct DatabaseSettings: Sendable {
    public let host: String
    public let port: Int
    public let user: String
    public let password: String
    public let name: String

    public init(host: String, port: Int, user: String, password: String, name: String) {
        (self.host, self.port, self.user, self.password, self.name) = (host, port, user, password, name)
    }
}
