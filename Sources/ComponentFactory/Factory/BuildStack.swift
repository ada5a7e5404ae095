/// The frames of one build (see ``Factory/run(_:in:)``): the
/// components being built, innermost last, each at the step of its frame's
/// program it is on (see ``ProgramTable/frame(_:)``), with its registers.
/// It lives in a value of its own, not on the call stack: a component that
/// needs a component built pushes a frame here, and the loop that runs
/// the frames (``Factory/run(_:in:)``) goes on with it, so that no chain of
/// components nests calls.
struct BuildStack {
    /// One component being built.
    struct Frame {
        /// Where a finished component's instance is kept.
        enum Keep {
            /// Nowhere: a prototype.
            case none
            /// In the resolution: an object-graph component.
            case graph
            /// In the request scope, whose lock the resolution holds.
            case scope
            /// In the request scope, under its own lock: the first instance kept is the one (a request component that can suspend).
            case scopeAsync
            /// In the factory's store, in its slot, under its creation lock: a singleton.
            case store
        }

        /// The lock a frame takes for its component, and gives back when it ends.
        enum Lock {
            case none
            /// The request scope's lock, for a request component that cannot suspend.
            case scope
            /// The store's creation lock, for a singleton that cannot suspend.
            case creation
            /// The scope's async creation lock, for a request component that can suspend.
            case asyncScope
            /// The creation lock of its group (``CreationGroups``), for a singleton that can suspend.
            case asyncCreation
        }

        /// The plan's index.
        let index: Int
        let keep: Keep
        /// Its program's registers, in memory of their own: a frame outlives
        /// the call that pushed it, and the async lookup's suspensions.
        let registers: ArgumentRegisters
        /// The step of its program it is on.
        var position = 0
        /// The lock it took, if any.
        let lock: Lock
        /// What to undo if the build fails: the depth counted, the
        /// component inside its initializer, the instance published, each by this frame.
        var counted = false
        var entered = false
        var published = false
    }

    var frames: [Frame] = []

    /// Room for a few levels at once: grown one push at a time, the array was copied at each doubling.
    init() {
        frames.reserveCapacity(8)
    }

    /// Starts building the component at `index`, with `count` registers.
    mutating func push(_ index: Int, registers count: Int, keep: Frame.Keep, lock: Frame.Lock = .none) {
        frames.append(Frame(index: index, keep: keep, registers: .allocate(count), lock: lock))
    }

    /// The innermost frame, taken off; what its registers still hold is let go.
    mutating func pop() -> Frame {
        let frame = frames.removeLast()
        frame.registers.deallocate()
        return frame
    }
}
