import ComponentFactory
import Logging
import ServiceLifecycle
import UnixSignals

/// The whole life of a server process: its start-up, its service group, and
/// its shutdown, with `SIGTERM` and `SIGINT` handled at every moment of them.
/// Kubernetes sends `SIGTERM` to a pod whenever a rollout moves on, even one
/// still loading; the process then stops without a crash, within its grace
/// period, and says why it stopped in one line.
///
/// - A signal during start-up cancels the start-up; the process exits 0.
/// - A signal while the group runs shuts it down gracefully; a second one cancels it.
/// - Every error ends as one logged line with its cause and an ``ExitStatus``:
///   a start-up that throws (the load's `DiagnosticReport` included),
///   a service that fails, or the group that throws.
/// - From the signal on, start-up, shutdown of the services and the tear-down
///   together take at most the grace period. When it runs out, what still runs
///   is cancelled, and it has ``cancellationAllowance`` to end; past that,
///   ``run(logger:gracePeriod:signals:startUp:)`` returns
///   ``ExitStatus/gracePeriodExceeded`` without waiting any longer.
///
/// ```swift
/// let status = await ServiceProcess.run(logger: logger) {
///     let live = try await LiveFactory.load(assemblies: ["Assemblies"], registry: registry, options: options)
///     let configuration = try await live.serviceGroupConfiguration(logger: logger)
///     return ServiceProcess.Started(configuration, factory: live, tearDown: { try await live.shutdown() })
/// }
/// exit(status.rawValue)
/// ```
///
/// The group's configuration is run with no signals of its own: the process
/// owns them, so that no signal is lost between start-up and the group.
public enum ServiceProcess {
    /// The grace period when none is given: 25 s, within Kubernetes'
    /// default `terminationGracePeriodSeconds` of 30 with room for the exit.
    public static let defaultGracePeriod: Duration = .seconds(25)
    /// How long what still runs when the grace period runs out has, once cancelled, to end.
    public static let cancellationAllowance: Duration = .seconds(1)

    /// How a process run by ``ServiceProcess`` ended: its exit status.
    public enum ExitStatus: Int32, Sendable, CaseIterable {
        /// Stopped by a signal, at any moment, or every service finished.
        case stopped = 0
        /// Start-up threw: the load's diagnostics, or another error before the group ran.
        case startUpFailed = 1
        /// A service failed, or the group threw, while the group ran.
        case serviceFailed = 3
        /// What still ran when the grace period ran out did not end within ``ServiceProcess/cancellationAllowance`` of its cancellation.
        case gracePeriodExceeded = 4
    }

    /// What a start-up hands over: the group's configuration, what to tear
    /// down once the group has stopped (a live factory's `shutdown()`), and
    /// the factory whose services' states a signal marks as shutting down.
    public struct Started: Sendable {
        let configuration: ServiceGroupConfiguration
        /// The services' states that a signal marks as shutting down, before the group asks any service to stop.
        let states: ServiceStates?
        let tearDown: @Sendable () async throws -> Void

        /// Runs `configuration`'s services, then `tearDown`; a signal marks `factory`'s services as shutting down.
        public init(_ configuration: ServiceGroupConfiguration, factory: LiveFactory? = nil,
                    tearDown: @escaping @Sendable () async throws -> Void = {}) {
            self.configuration = configuration
            states = factory?.serviceStates
            self.tearDown = tearDown
        }

        /// Runs `configuration`'s services, then `tearDown`; a signal marks `factory`'s services as shutting down.
        public init(_ configuration: ServiceGroupConfiguration, factory: Factory,
                    tearDown: @escaping @Sendable () async throws -> Void = {}) {
            self.configuration = configuration
            states = factory.serviceStates
            self.tearDown = tearDown
        }
    }

    /// Runs `startUp`, then the group it hands over, then its tear-down,
    /// handling `signals` throughout; how the process ended. `gracePeriod`
    /// bounds the time from the first signal to the end, unless the group's
    /// configuration sets `maximumGracefulShutdownDuration` (the assembly's
    /// `<service-group graceful-shutdown-timeout>`), which then bounds it instead.
    public static func run(logger: Logger, gracePeriod: Duration = defaultGracePeriod,
                           signals: [UnixSignal] = [.sigterm, .sigint],
                           startUp: @escaping @Sendable () async throws -> Started) async -> ExitStatus {
        let signalled = await UnixSignalsSequence(trapping: signals)
        logger.info("ComponentFactory: starting; \(signals.map(\.description).joined(separator: " or ")) stops the process from now on")
        let (events, post) = AsyncStream.makeStream(of: ProcessEvent.self)
        let watcher = Task {
            for await signal in signalled { post.yield(.signal(signal)) }
        }
        defer { watcher.cancel() }
        var run = ProcessRun(logger: logger, gracePeriod: gracePeriod, post: post)
        run.start(startUp)
        for await event in events {
            if let status = await run.handle(event) {
                run.cancelEverything()
                return status
            }
        }
        return .stopped
    }
}
