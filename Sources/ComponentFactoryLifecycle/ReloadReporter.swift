import ComponentFactory
import ServiceLifecycle

/// A service that reports each reload of a live factory to a
/// ``FactoryTelemetry`` as it ends, until the group shuts down gracefully or
/// is cancelled. `LiveFactory`'s service group configuration includes one,
/// before the ``ConfigurationWatcher``, when given a telemetry: a graceful
/// shutdown stops the watcher first, so that its last reload is reported.
struct ReloadReporter: Service, CustomStringConvertible {
    let live: LiveFactory
    let telemetry: FactoryTelemetry

    var description: String { "reload-reporter" }

    func run() async throws {
        for await reload in live.reloads().cancelOnGracefulShutdown() {
            telemetry.recordReload(reload)
        }
    }
}
