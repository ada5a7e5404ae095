import ComponentFactory

/// Marks a factory's services as shutting down from the moment the process
/// is told to stop, before the service group has asked any of them: so that
/// readiness fails at once.
struct ShutdownNoting: Sendable {
    let note: @Sendable () -> Void

    init(_ live: LiveFactory) {
        let states = live.serviceStates
        note = { states.noteShutdownBegan() }
    }

    init(_ factory: Factory) {
        let states = factory.serviceStates
        note = { states.noteShutdownBegan() }
    }
}
