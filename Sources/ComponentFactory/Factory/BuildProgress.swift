/// Where a run of the build steps (see ``BuildStep``) has got to: what
/// asking for a value gives, what the innermost frame's steps come to, and
/// what running the frames comes to (``Factory/checkedInstance(_:in:)``).
enum BuildProgress {
    /// The value: delivered at once, or the instance a frame (or the whole run) finished with.
    case ready(Instance)
    /// A frame was pushed that builds the value, and runs next.
    case pushed
    /// A step that suspends: the async lookup awaits it, and the run goes
    /// on where it stopped (``Factory/checkedInstanceAsync(_:in:)``). The
    /// synchronous lookup never meets one: it refuses a component that can
    /// suspend before it starts (`requires-async`).
    case awaiting(Awaited)

    /// What a suspending step awaits. The innermost frame is the one whose
    /// step it is, still at that step; `program`, `creationLock`,
    /// `scopeLock` and `inherited` ask for a value, and may come with no frame yet.
    enum Awaited {
        /// The component at this index, by its program, which has makings that suspend.
        case program(Int)
        /// The factory's async creation lock, to build the singleton at this index, which can suspend.
        case creationLock(Int)
        /// The scope's async creation lock, to build the request component at this index, which can suspend.
        case scopeLock(Int)
        /// The frame's async or isolated maker, with its registers.
        case make
        /// The frame's async callback.
        case callback(BuildStep.Callback)
        /// The frame's async setter of the property at this position, with the property's value.
        case setter(Int, Instance)
        /// A parent factory's component with this key.
        case inherited(String)
    }
}
