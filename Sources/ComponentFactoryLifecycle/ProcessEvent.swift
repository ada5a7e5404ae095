import ServiceLifecycle
import UnixSignals

/// What happens to a process that ``ServiceProcess`` runs, posted to the one
/// loop that decides what to do next.
enum ProcessEvent: Sendable {
    /// A signal arrived.
    case signal(UnixSignal)
    /// Start-up ended.
    case started(Result<ServiceProcess.Started, any Error>)
    /// The group's `run()` returned or threw.
    case groupEnded(Result<Void, any Error>)
    /// The tear-down ended.
    case tornDown(Result<Void, any Error>)
    /// The grace period ran out.
    case graceOver
}
