import Logging
import ServiceLifecycle
import UnixSignals

/// The state of a process that ``ServiceProcess`` runs, and what each
/// ``ProcessEvent`` does to it. Only the one loop of
/// ``ServiceProcess/run(logger:gracePeriod:signals:startUp:)`` touches it;
/// the tasks it starts post their ends back to that loop.
///
/// starting → running → tearing down → an exit status. A signal in any
/// phase, or the group's end, starts the grace period. When it runs out,
/// what still runs is cancelled; one second later, the run ends whatever
/// is still running.
struct ProcessRun {
    private enum Phase {
        case starting(Task<Void, Never>)
        case running(ServiceGroup, Task<Void, Never>, ServiceProcess.Started)
        case tearingDown(Task<Void, Never>, then: ServiceProcess.ExitStatus)
    }

    private let logger: Logger
    private var gracePeriod: Duration
    private let post: AsyncStream<ProcessEvent>.Continuation
    private var phase: Phase?
    private var signals = 0
    private var graceTimer: Task<Void, Never>?
    private var graceRanOut = false

    init(logger: Logger, gracePeriod: Duration, post: AsyncStream<ProcessEvent>.Continuation) {
        (self.logger, self.gracePeriod, self.post) = (logger, gracePeriod, post)
    }

    mutating func start(_ startUp: @escaping @Sendable () async throws -> ServiceProcess.Started) {
        let post = post
        phase = .starting(Task {
            do {
                post.yield(.started(.success(try await startUp())))
            } catch {
                post.yield(.started(.failure(error)))
            }
        })
    }

    /// Acts on `event`; the exit status once the run is over, nil while it goes on.
    mutating func handle(_ event: ProcessEvent) async -> ServiceProcess.ExitStatus? {
        switch event {
        case .signal(let signal):
            await stop(on: signal)
            return nil
        case .started(.success(let started)):
            guard signals == 0 else {
                started.states?.noteShutdownBegan()
                tearDown(started, then: .stopped)
                return nil
            }
            run(started)
            return nil
        case .started(.failure(let error)):
            if signals > 0 {
                logger.notice("ComponentFactory: start-up stopped by the signal (\(error))")
                return .stopped
            }
            logger.error("ComponentFactory: start-up failed: \(error)")
            return .startUpFailed
        case .groupEnded(let result):
            guard case .running(_, _, let started) = phase else { return nil }
            started.states?.noteShutdownBegan()
            var status = ServiceProcess.ExitStatus.stopped
            // Cancelled because the process was told to stop, or ran out of time: stopped, not failed.
            if case .failure(let error) = result, !(error is CancellationError && (signals > 0 || graceRanOut)) {
                logger.error("ComponentFactory: the service group stopped on a failure: \(error)")
                status = .serviceFailed
            }
            startGracePeriod()
            tearDown(started, then: status)
            return nil
        case .tornDown(let result):
            guard case .tearingDown(_, let status) = phase else { return nil }
            if case .failure(let error) = result {
                logger.error("ComponentFactory: tear-down failed: \(error)")
                return status == .stopped ? .serviceFailed : status
            }
            return status
        case .graceOver where !graceRanOut:
            graceRanOut = true
            logger.warning("ComponentFactory: the grace period of \(gracePeriod) ran out: cancelling what still runs")
            cancelPhase()
            graceTimer = Self.timer(ServiceProcess.cancellationAllowance, post: post)
            return nil
        case .graceOver:
            logger.error("ComponentFactory: still stopping \(ServiceProcess.cancellationAllowance) after the grace period: exiting now")
            return .gracePeriodExceeded
        }
    }

    /// Cancels whatever is still running, once the run is over.
    func cancelEverything() {
        graceTimer?.cancel()
        cancelPhase()
    }

    private func cancelPhase() {
        switch phase {
        case .starting(let task), .running(_, let task, _), .tearingDown(let task, _): task.cancel()
        case nil: break
        }
    }

    /// The first signal stops the phase gracefully; a second cancels the group.
    private mutating func stop(on signal: UnixSignal) async {
        signals += 1
        if signals == 1 {
            logger.notice("ComponentFactory: \(signal) received: stopping within \(gracePeriod)")
            startGracePeriod()
        }
        switch phase {
        case .starting(let task):
            task.cancel()
        case .running(let group, let task, let started):
            started.states?.noteShutdownBegan()
            if signals == 1 { await group.triggerGracefulShutdown() } else { task.cancel() }
        case .tearingDown, nil:
            break
        }
    }

    private mutating func run(_ started: ServiceProcess.Started) {
        var configuration = started.configuration
        configuration.gracefulShutdownSignals = []
        configuration.cancellationSignals = []
        if let bound = configuration.maximumGracefulShutdownDuration { gracePeriod = bound }
        let group = ServiceGroup(configuration: configuration)
        let post = post
        phase = .running(group, Task {
            do {
                try await group.run()
                post.yield(.groupEnded(.success(())))
            } catch {
                post.yield(.groupEnded(.failure(error)))
            }
        }, started)
    }

    private mutating func tearDown(_ started: ServiceProcess.Started, then status: ServiceProcess.ExitStatus) {
        let post = post
        phase = .tearingDown(Task {
            do {
                try await started.tearDown()
                post.yield(.tornDown(.success(())))
            } catch {
                post.yield(.tornDown(.failure(error)))
            }
        }, then: status)
    }

    private mutating func startGracePeriod() {
        guard graceTimer == nil else { return }
        graceTimer = Self.timer(gracePeriod, post: post)
    }

    /// Posts `graceOver` once `period` has passed.
    private static func timer(_ period: Duration, post: AsyncStream<ProcessEvent>.Continuation) -> Task<Void, Never> {
        Task {
            guard (try? await Task.sleep(for: period)) != nil else { return }
            post.yield(.graceOver)
        }
    }
}
