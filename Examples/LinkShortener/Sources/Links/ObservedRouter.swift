import Hummingbird

/// A router whose every request gets a server span (Hummingbird's
/// `TracingMiddleware`) and is counted and timed by route, method and status
/// (its `MetricsMiddleware`), through whatever the process bootstrapped
/// (``Telemetry/bootstrapProcessWide()``): the links' routes, factory-wired
/// or by hand, so that the two cost the same around their handlers.
enum ObservedRouter {
    static func make() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: TracingMiddleware())
        router.add(middleware: MetricsMiddleware())
        return router
    }
}
