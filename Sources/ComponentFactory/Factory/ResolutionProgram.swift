/// A straight-through component's resolution, laid out once when its table is made
/// (see ``ProgramTable``): every component it needs, to the bottom, as steps
/// in the order they are made. Each made instance goes into a register of
/// its own, and each maker reads its arguments from the registers of the
/// steps before it, so running a program is one loop, with no call, lookup
/// or recursion for each argument (``Factory/instance(running:in:)``).
///
/// The steps unfold the graph into a tree: a prototype needed twice is made
/// twice, as resolving it does. A request or object-graph component is one
/// instance per scope or resolution: its subtree is preceded by a step that
/// looks for the instance kept already, and that skips the subtree and the
/// making when it finds one. Singletons are never made by a program: the
/// ones it needs are read first, all at once, and a program whose
/// singleton is not built yet is not run (its component is built on
/// frames, which build the singleton in place: see ``Factory/run(_:in:)``).
///
/// A program is bounded: a graph whose tree has more than ``maximumSize``
/// components (a prototype needed twice at each of many levels doubles at
/// each), or nests deeper than ``Factory/maximumNesting``, has none, and
/// is built on frames, whose components may have programs of their own.
/// Laying one out is linear in its size, and never recursive.
///
/// A handler (a prototype) that needs an audit record and a session (request
/// components), where the audit record needs the session and a ledger (a
/// singleton), and the session needs the request the scope was seeded with:
///
/// ```text
/// read first: ledger
/// 0 find audit → 6      4 make session    8 make request
/// 1 find session → 5    5 make audit      9 make session
/// 2 find request → 4    6 find session → 10
/// 3 make request        7 find request → 9       10 make handler
/// ```
///
/// A seeded request is always found, so its making (which would say that
/// it was not given) never runs; a second session, found at 6, skips 7–9.
///
/// A component's `depends-on` and factory component come before its
/// arguments, and its properties, callbacks and post-processing after its
/// making, as a frame builds them: a callback runs on the component's
/// register, and a property's value is laid out just before the step that
/// sets it. A collection or dictionary is laid out as its items, then a
/// step that gathers them into a register of its own. A
/// request or object-graph component with steps after its making is kept by
/// a step of its own once they are done, so that no other lookup finds it
/// half set. A desk (object-graph) that depends on the ledger, with an
/// init-method and a lamp (a prototype) for its property:
///
/// ```text
/// read first: ledger
/// 0 find desk → 6   1 make desk   2 make lamp   3 set desk's lamp   4 desk's init-method   5 keep desk
/// ```
///
/// A maker, setter or callback may be async or isolated: its step is
/// marked as one that suspends. The loop stops before such a step; the
/// synchronous lookup never gets there (it refuses the component first,
/// `requires-async`), and the async lookup awaits the maker, setter or
/// callback and runs the loop on from the next step
/// (``Factory/instanceAsync(running:in:)``). If the session above were
/// made by an `async init`, steps 0–3 would run, the session's making be
/// awaited, and the loop go on at 5.
///
/// Every plan also has a program of one level, which a frame runs by the
/// same loop (``Factory/run(_:in:)``): the component alone, each component
/// it needs resolved by a `resolve` step, on a frame of its own when it must
/// be built. The teller of the frames' example there, whose `audit` property
/// is a prototype:
///
/// ```text
/// 0 enter   1 resolve ledger → 1   2 resolve ledger → 2   3 make teller   4 leave
/// 5 publish   6 resolve audit for property 0 → 3   7 set teller's audit   8 unpublish
/// ```
///
/// A program is plain data: its parts lie in the ``ProgramTable`` that laid
/// it out, one buffer for each kind shared by all the table's programs.
struct ResolutionProgram {
    /// What a step does.
    enum Action: UInt8 {
        /// Calls the maker of the component.
        case make
        /// Calls the maker of a request component, and keeps its instance in the scope.
        case makeInScope
        /// Calls the maker of an object-graph component, and keeps its instance in the resolution.
        case makeInGraph
        /// Looks for the request component in the scope: found, it is the
        /// register's, and the program goes on at `next`.
        case findInScope
        /// Looks for the object-graph component in the resolution, as `findInScope` does in the scope.
        case findInGraph
        /// Sets the property at `next` of the component in `register` to the
        /// instance in register `arguments`, or to the property's constant when that is -1.
        case set
        /// Runs the callback `next` (a ``ComponentPlan/Callback``'s position) on the component in `register`.
        case callback
        /// Keeps the request component in `register` in the scope, once its properties and callbacks are done.
        case keepInScope
        /// Keeps the object-graph component in `register` in the resolution, likewise.
        case keepInGraph
        /// Passes the component in `register` through the factory's component post-processors.
        case postProcess
        /// Looks up the parent factory's component that ``valuePlans``[`next`]
        /// names, into `register`: awaited by the async lookup, which stops
        /// the loop before it, as any parent's component may suspend.
        case inherited
        /// Makes the collection or dictionary ``valuePlans``[`next`] into
        /// `register`, from its items, each in the register ``argumentRegisters``
        /// holds for it from `arguments` on, or -1 for a constant item.
        case gather
        /// A frame's steps (see ``ProgramCompiler/frame(_:plans:postProcesses:)``), which the loop leaves to the frames that run it
        /// (``Factory/run(_:in:)``): the component enters its build (the depth
        /// bound, a cycle of initializers, a patch); it leaves its initializer;
        /// it is published to the components its properties need, and unpublished.
        case enter, leave, publish, unpublish
        /// Resolves the component at `arguments` into `register`, on a frame
        /// of its own when it must be built. For the value of the property at
        /// `next` (else -1), a component still inside its initializer is waited
        /// for instead, and the `set` after this step skipped.
        case resolve
    }

    /// 24 bytes: a table of thousands of components holds a few for each.
    struct Step {
        /// The component's plan, lent: the table holds every plan for the factory's life.
        // Unmanaged, not read from the plan table by its index; needed by: graph, Benchmarks/README §Lookups.
        let plan: Unmanaged<ComponentPlan>
        /// For a making, where the registers of its arguments start in
        /// ``argumentRegisters``; for a setting, the register of the value,
        /// or -1; for a `resolve`, the component it resolves.
        let arguments: Int32
        /// The register the component's instance goes into, or is in.
        let register: Int32
        /// For a find, the step after the component's last, taken when it
        /// finds the component; for a making, the register of the factory
        /// component its factory method is called on, or -1; for a setting,
        /// the property; for a callback, which; for a `resolve`, the property
        /// whose value it is, or -1.
        let next: Int32
        let action: Action
        /// Whether its maker, setter or callback is async or isolated: the
        /// synchronous loop stops before it, and the async lookup awaits it.
        let suspends: Bool

        /// The index of the component's plan.
        var index: Int { plan._withUnsafeGuaranteedRef { $0.index } }
    }

    /// A singleton the program needs, read before the steps run.
    struct Singleton {
        let index: Int
        let register: Int
    }

    /// What a register holds: the instance of the component at `component`,
    /// needed by the one in register `needer` (-1 for the top's).
    struct Register {
        let component: Int32
        let needer: Int32
    }

    /// The most components a program holds: its registers fit in one word
    /// of bits (see ``ArgumentRegisters``).
    static let maximumSize = 32

    /// The callbacks, in the order a `callback` step's `next` numbers them.
    static let callbacks: [ComponentPlan.Callback] = [.beforePropertyInjection, .afterPropertyInjection, .initMethod]

    /// The most steps a program holds: a find's `next` is a step's position.
    static let maximumSteps = 1_024

    /// The most arguments and collection items a program holds: each
    /// component that needs one lays its tree out again, so a long
    /// collection in many programs would cost their product.
    static let maximumLanes = 4_096

    let steps: UnsafeBufferPointer<Step>
    let singletons: UnsafeBufferPointer<Singleton>
    /// For each making, one after another, the register of each of its
    /// arguments, in order, or -1 for a constant, which its slot holds.
    let argumentRegisters: UnsafeBufferPointer<Int32>
    /// For each register, what it holds: the path a failure names. A
    /// gathered collection's register holds the component it is for.
    let registers: UnsafeBufferPointer<Register>
    /// The values its steps resolve from their plans: the collections and
    /// dictionaries it gathers, and the parents' components it looks up.
    let valuePlans: UnsafeBufferPointer<ValuePlan>
    /// How many components nest in the deepest of its chains, the top's included.
    let depth: Int
    /// Whether it has request components: then it runs under its scope's lock.
    let usesScope: Bool

    var registerCount: Int { registers.count }

    /// The index of the component the program resolves: register 0 holds its instance.
    var top: Int { Int(registers[0].component) }

    /// The key of the parent's component an `inherited` step looks up.
    func inheritedKey(of step: Step) -> String {
        guard case .inherited(let key) = valuePlans[Int(step.next)] else { return "" }
        return key
    }

    /// The components that need the one in `register`, outermost first, for a failure's path.
    func needers(of register: Int) -> [Int] {
        var path: [Int] = []
        var current = Int(registers[register].needer)
        while current >= 0 {
            path.append(Int(registers[current].component))
            current = Int(registers[current].needer)
        }
        return path.reversed()
    }

    /// A program's parts as ``ProgramCompiler``
    /// lays them out, before ``ProgramTable`` moves them into its buffers.
    struct Layout {
        var steps: [Step] = []
        var singletons: [Singleton] = []
        var argumentRegisters: [Int32] = []
        var registers: [Register] = []
        var valuePlans: [ValuePlan] = []
        var depth = 0
        var usesScope = false
    }
}
