import ComponentFactory
import ServiceLifecycle

/// A service that tells a ``FactoryObserver`` of each reload of a live
/// factory as it ends, until the group shuts down gracefully or is
/// cancelled. `LiveFactory`'s service group configuration includes one,
/// before the ``ConfigurationWatcher``, when given an observer: a graceful
/// shutdown stops the watcher first, so that its last reload is told.
struct ReloadObserving: Service, CustomStringConvertible {
    let live: LiveFactory
    let observer: any FactoryObserver

    var description: String { "reload-observer" }

    func run() async throws {
        for await reload in live.reloads().cancelOnGracefulShutdown() {
            observer.reloaded(reload)
        }
    }
}
