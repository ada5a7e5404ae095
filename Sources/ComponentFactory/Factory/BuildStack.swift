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
            /// In the factory's store, under its creation lock: a singleton.
            case store
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
        /// What to undo if the build fails: the depth counted, the
        /// component inside its initializer, the instance published, the
        /// scope's lock and the creation lock, each taken by this frame.
        var counted = false
        var entered = false
        var published = false
        var holdsScopeLock = false
        var holdsCreationLock = false
    }

    var frames: [Frame] = []
    var registers: [Instance?] = []

    /// Room for a few levels at once: grown one push at a time, the arrays were copied at each doubling.
    init() {
        frames.reserveCapacity(8)
        registers.reserveCapacity(32)
    }

    /// Starts building the component at `index`, with a register for each argument and the receiver.
    mutating func push(_ index: Int, registers count: Int, keep: Frame.Keep, holdsScopeLock: Bool = false, holdsCreationLock: Bool = false) {
        frames.append(Frame(index: index, items: nil, keep: keep, registers: registers.count,
                            holdsScopeLock: holdsScopeLock, holdsCreationLock: holdsCreationLock))
        for _ in 0..<count { registers.append(nil) }
    }

    /// Starts resolving `items`, for the component at `index`.
    mutating func push(items: Items, of index: Int) {
        frames.append(Frame(index: index, items: items, keep: .none, registers: registers.count))
    }

    /// The innermost frame, taken off with its registers.
    mutating func pop() -> Frame {
        let frame = frames.removeLast()
        while registers.count > frame.registers { registers.removeLast() }
        return frame
    }
}
