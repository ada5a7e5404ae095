/// The state of one run of the build steps (see ``BuildStep``): the
/// components being built, innermost last, each at the step it is on, and
/// the registers their arguments are resolved into. It lives in a value of
/// its own, not on the call stack: a component's argument that needs a
/// component built pushes a frame here, and the loop that runs the steps
/// (``Factory/checkedInstance(_:in:)``) goes on with it, so that no chain of components
/// nests calls.
struct BuildStack {
    /// What an items frame resolves: a collection's items, or a dictionary's values.
    /// Boxed: items frames are rare, and every frame is the smaller for it.
    indirect enum Items {
        case collection(items: [ValuePlan], make: @Sendable ([Any]) -> Any?, typeName: String)
        case dictionary(entries: [(key: Any, value: ValuePlan)], make: @Sendable ([(Any, Any)]) -> Any?, typeName: String)
    }

    /// One component being built, or the items of a collection or dictionary being resolved.
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
            /// The factory's async creation lock, for a singleton that can suspend.
            case asyncCreation
        }

        /// The plan's index; for an items frame, the index of the component whose value it is.
        let index: Int
        /// For an items frame, what it resolves; nil for a component.
        let items: Items?
        let keep: Keep
        /// Where its registers start in ``BuildStack/registers``: one for each argument, then the receiver's.
        let registers: Int
        /// The step it is on, or the item.
        var position = 0
        /// The instance, once made.
        var instance: Instance?
        /// The instance's value while its callbacks and setters run, between `publish` and `unpublish`.
        var value: Any = ()
        /// The items resolved so far.
        var gathered: [Any] = []
        /// The lock it took, if any.
        let lock: Lock
        /// What to undo if the build fails: the depth counted, the
        /// component inside its initializer, the instance published, each by this frame.
        var counted = false
        var entered = false
        var published = false
    }

    var frames: [Frame] = []
    var registers: [Instance?] = []

    /// Room for a few levels at once: grown one push at a time, the arrays were copied at each doubling.
    init() {
        frames.reserveCapacity(8)
        registers.reserveCapacity(32)
    }

    /// Starts building the component at `index`, with a register for each argument and the receiver.
    mutating func push(_ index: Int, registers count: Int, keep: Frame.Keep, lock: Frame.Lock = .none) {
        frames.append(Frame(index: index, items: nil, keep: keep, registers: registers.count, lock: lock))
        for _ in 0..<count { registers.append(nil) }
    }

    /// Starts resolving `items`, for the component at `index`.
    mutating func push(items: Items, of index: Int) {
        frames.append(Frame(index: index, items: items, keep: .none, registers: registers.count, lock: .none))
    }

    /// The innermost frame, taken off with its registers.
    mutating func pop() -> Frame {
        let frame = frames.removeLast()
        while registers.count > frame.registers { registers.removeLast() }
        return frame
    }
}
