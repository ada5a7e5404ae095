import ComponentFactory
import HTTPTypes
import Hummingbird
import Logging
import Tracing

/// The HTTP routes. Each request opens a request scope on the live
/// factory's graph of the moment, seeded with its caller; the controller,
/// its audit record and the rate limit come from there, and the audit
/// record is flushed when the scope ends, before the response goes.
///
/// - `POST /links` with `{"url": "https://…"}`: 201 and the link.
/// - `GET /links/{code}`: 200 and the link, or 404.
/// - `GET /health`: 200 once the server listens.
/// - `GET /stats`: the request-scoped objects alive, the limit, the graph's generation.
public enum LinksServer {
    struct NewLink: Decodable {
        let url: String
    }

    struct Stats: ResponseEncodable {
        let alive: Int
        let made: Int
        let perSecond: Int
        let generation: Int
    }

    /// The routes over `live`. The handles to the controller and the seeded
    /// caller are made here, once: each request then resolves by index,
    /// with no key looked up, whichever graph a reload has put in place.
    public static func router(live: LiveFactory) throws -> Router<BasicRequestContext> {
        let controller = try live.factory.handle(forKey: "links", as: LinkController.self)
        let caller = try live.factory.handle(forKey: "caller", as: Caller.self)
        let router = ObservedRouter.make()
        router.post("links") { request, context -> EditedResponse<Link> in
            let body = try await request.decode(as: NewLink.self, context: context)
            let link = try await Self.inScope(of: request, live: live, caller: caller) { scope in
                try await scope.component(controller).create(url: body.url)
            }
            return EditedResponse(status: .created, response: link)
        }
        router.get("links/:code") { request, context -> Link in
            let code = try context.parameters.require("code")
            return try await Self.inScope(of: request, live: live, caller: caller) { scope in
                try await scope.component(controller).resolve(code: code)
            }
        }
        router.get("health") { _, _ in "ok" }
        router.get("stats") { _, _ -> Stats in
            try await live.withFactory { factory in
                let instances = try factory.component(forKey: "instances", as: InstanceCount.self)
                let limit = try factory.component(forKey: "rateLimit", as: RateLimit.self)
                return Stats(alive: instances.current, made: instances.total, perSecond: limit.perSecond,
                             generation: live.generation)
            }
        }
        return router
    }

    /// `body` in a request scope seeded with the request's caller, under a
    /// span of its own (`componentfactory.request_scope`), a child of the
    /// request's server span: the scope's components made, used, and torn
    /// down (the audit record flushed) inside it.
    static func inScope<Result: Sendable>(of request: Request, live: LiveFactory, caller: ComponentHandle<Caller>,
                                          _ body: nonisolated(nonsending) (RequestScope) async throws -> Result) async throws -> Result {
        try await withSpan("componentfactory.request_scope", ofKind: .internal) { span in
            span.attributes["componentfactory.generation"] = live.generation
            return try await live.withScope(seeding: caller.seed(Self.caller(of: request)), body)
        }
    }

    static func caller(of request: Request) -> Caller {
        Caller(name: HTTPField.Name("X-Caller").flatMap { request.headers[$0] } ?? "anonymous")
    }
}
