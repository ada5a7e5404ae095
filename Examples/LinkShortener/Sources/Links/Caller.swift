/// Who makes a request: the `X-Caller` header, given when the request's scope opens.
public final class Caller: Sendable {
    public let name: String

    public init(name: String) {
        self.name = name
    }
}
