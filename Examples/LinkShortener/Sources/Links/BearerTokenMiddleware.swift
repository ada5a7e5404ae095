import HTTPTypes
import Hummingbird

/// Lets a request through only with `Authorization: Bearer <token>`, but
/// for the paths in `open`; any other gets 401 with no body. Neither the
/// token nor what a request sent is logged: it says only that it refused.
struct BearerTokenMiddleware<Context: RequestContext>: RouterMiddleware {
    let token: String
    let open: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard open.contains(request.uri.path) || Self.matches(request.headers[.authorization], token) else {
            return Response(status: .unauthorized, headers: [.wwwAuthenticate: "Bearer"])
        }
        return try await next(request, context)
    }

    /// Whether `header` is `Bearer` and `token`, compared in time that does not depend on where they differ.
    static func matches(_ header: String?, _ token: String) -> Bool {
        guard let header, header.hasPrefix("Bearer ") else { return false }
        let sent = Array(header.utf8.dropFirst(7)), wanted = Array(token.utf8)
        guard sent.count == wanted.count else { return false }
        return zip(sent, wanted).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
