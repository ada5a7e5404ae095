import ComponentFactory
import ServiceLifecycle

/// A service that watches a ``ComponentFactory/LiveFactory``'s
/// configuration and reloads it after each change, until the group shuts
/// down gracefully or is cancelled: `LiveFactory`'s `watch(pollingEvery:polling:)`,
/// run by a `ServiceGroup`. `LiveFactory`'s `services(logger:pollingEvery:observer:)`
/// includes one.
///
/// ```swift
/// let group = ServiceGroup(services: [server, ConfigurationWatcher(live: live)], logger: logger)
/// ```
public struct ConfigurationWatcher: Service, CustomStringConvertible {
    private let live: LiveFactory
    private let interval: Duration
    private let polling: Bool

    /// Watches `live`'s configuration; `interval` is how often polling looks, where inotify is not used or with `polling`.
    public init(live: LiveFactory, pollingEvery interval: Duration = .seconds(2), polling: Bool = false) {
        self.live = live
        self.interval = interval
        self.polling = polling
    }

    public var description: String { "configuration-watcher" }

    /// Watches until the group shuts down gracefully or the task is cancelled.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await live.watch(pollingEvery: interval, polling: polling)
        }
    }
}
