import HTTPTypes
import Hummingbird

/// The same routes and handlers as ``LinksServer``, with every object made
/// by hand: one store, one rate limit, and per request a caller, an audit
/// record (flushed when the request ends) and a controller. What the
/// factory-wired server is measured against (`links --hand-wired`); no
/// reload, no assembly.
public enum HandWiredServer {
    public static func router(store: any LinkStore, limit: RateLimit, instances: InstanceCount) -> Router<BasicRequestContext> {
        let router = ObservedRouter.make()
        /// Runs `body` with a controller made for the request, then flushes its audit record.
        @Sendable func withController<Result>(_ request: Request, _ body: (LinkController) async throws -> Result) async throws -> Result {
            let caller = LinksServer.caller(of: request)
            let audit = AuditRecord(caller: caller, store: store, instances: instances)
            let controller = LinkController(store: store, limit: limit, caller: caller, audit: audit, instances: instances)
            let result: Swift.Result<Result, any Error>
            do {
                result = .success(try await body(controller))
            } catch {
                result = .failure(error)
            }
            try await audit.flush()
            return try result.get()
        }
        router.post("links") { request, context -> EditedResponse<Link> in
            let body = try await request.decode(as: LinksServer.NewLink.self, context: context)
            let link = try await withController(request) { try await $0.create(url: body.url) }
            return EditedResponse(status: .created, response: link)
        }
        router.get("links/:code") { request, context -> Link in
            let code = try context.parameters.require("code")
            return try await withController(request) { try await $0.resolve(code: code) }
        }
        router.get("health") { _, _ in "ok" }
        return router
    }
}
