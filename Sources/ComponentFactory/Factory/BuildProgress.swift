/// Where a run of a frame's steps (see ``ResolutionProgram/Step``) has got to: what
/// asking for a value gives, what the innermost frame's steps come to, and
/// what running the frames comes to (``Factory/instanceOnFrames(_:in:)``).
enum BuildProgress {
    /// The value: delivered at once, or the instance a frame (or the whole run) finished with.
    case ready(Instance)
    /// A frame was pushed that builds the value, and runs next.
    case pushed
    /// A step that suspends: the async lookup awaits it, and the run goes
    /// on where it stopped (``Factory/instanceOnFramesAsync(_:in:)``). The
    /// synchronous lookup never meets one: it refuses a component that can
    /// suspend before it starts (`requires-async`).
    case awaiting(Awaited)

    /// What a suspending step awaits. `program`, `creationLock` and
    /// `scopeLock` ask for a value for the innermost frame's `resolve`
    /// step, and may come with no frame yet.
    enum Awaited {
        /// The component at this index, by its program, which has makings that suspend.
        case program(Int)
        /// The factory's async creation lock, to build the singleton at this index, which can suspend.
        case creationLock(Int)
        /// The scope's async creation lock, to build the request component at this index, which can suspend.
        case scopeLock(Int)
        /// The innermost frame's step, where its program stopped: an async
        /// or isolated maker, setter or callback, or a parent's component.
        case step
    }
}
