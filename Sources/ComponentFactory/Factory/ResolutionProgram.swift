/// A direct component's resolution, laid out once when its table is made
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
/// singleton is not built yet is not run (its component is built by the
/// path that checks everything, which builds the singleton in place).
///
/// A program is bounded: a graph whose tree has more than ``maximumSize``
/// components (a prototype needed twice at each of many levels doubles at
/// each), or nests deeper than ``Factory/maximumNesting``, has none, and
/// is built by the path that checks everything, whose arguments may have
/// programs of their own. Laying one out is linear in its size, and never
/// recursive.
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
/// A maker may be async or isolated: its making is marked as one that
/// suspends. The loop stops before such a making; the synchronous lookup
/// never gets there (it refuses the component first, `requires-async`),
/// and the async lookup awaits the maker and runs the loop on from the next
/// step (``Factory/instanceAsync(running:in:)``). If the session above were
/// made by an `async init`, steps 0–3 would run, the session's making be
/// awaited, and the loop go on at 5.
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
    }

    /// 24 bytes: a table of thousands of components holds a few for each.
    struct Step {
        /// The component's plan, lent: the table holds every plan for the factory's life.
        // Unmanaged: read from the plan table by `index` instead, the graph ran 5,543 instructions against 4,765 (callgrind, profile-graph).
        let plan: Unmanaged<ComponentPlan>
        let index: Int32
        /// For a making, where the registers of its arguments start in ``argumentRegisters``.
        let arguments: Int32
        /// The register the component's instance goes into.
        let register: Int16
        /// For a find, the step after the component's making, taken when it finds the component.
        let next: Int16
        let action: Action
        /// For a making, whether its maker is async or isolated: the
        /// synchronous loop stops before it, and the async lookup awaits it.
        let suspends: Bool
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

    /// The most components a program holds. Its steps are at most twice as
    /// many, and its registers fit in one word of bits (see ``ArgumentRegisters``).
    static let maximumSize = 32

    let steps: UnsafeBufferPointer<Step>
    let singletons: UnsafeBufferPointer<Singleton>
    /// For each making, one after another, the register of each of its
    /// arguments, in order, or -1 for a constant, which its slot holds.
    let argumentRegisters: UnsafeBufferPointer<Int32>
    /// For each register, what it holds: the path a failure names.
    let registers: UnsafeBufferPointer<Register>
    /// How many components nest in the deepest of its chains, the top's included.
    let depth: Int
    /// Whether it has request components: then it runs under its scope's lock.
    let usesScope: Bool

    var registerCount: Int { registers.count }

    /// The index of the component the program resolves: register 0 holds its instance.
    var top: Int { Int(registers[0].component) }

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

    /// A program's parts as ``compile(_:plans:isPlain:maximumNesting:)``
    /// lays them out, before ``ProgramTable`` moves them into its buffers.
    struct Layout {
        var steps: [Step] = []
        var singletons: [Singleton] = []
        var argumentRegisters: [Int32] = []
        var registers: [Register] = []
        var depth = 0
        var usesScope = false
    }

    /// The layout of `plans[top]`'s program, whose components to the bottom
    /// are all plain (`isPlain`); nil when it would be larger than
    /// ``maximumSize`` or nest deeper than `maximumNesting`. Depth first,
    /// with a stack of its own: a making is laid out once all its
    /// arguments' steps are.
    static func compile(_ top: Int, plans: [ComponentPlan], isPlain: [Bool], maximumNesting: Int) -> Layout? {
        /// A component whose arguments are being laid out.
        struct Open {
            let register: Int
            let find: Int?
            var position = 0
            var registers: [Int32] = []
        }
        var layout = Layout()
        var stack: [Open] = []

        /// A register for the component at `index`, needed by the one in `needer`; nil past the bound.
        func register(_ index: Int, neededBy needer: Int) -> Int? {
            guard layout.registers.count < maximumSize else { return nil }
            layout.registers.append(Register(component: Int32(index), needer: Int32(needer)))
            return layout.registers.count - 1
        }
        /// Begins laying out the component in `register`: its find, if it has one; false past the bound.
        func open(_ register: Int) -> Bool {
            let plan = plans[Int(layout.registers[register].component)]
            var find: Int?
            if plan.scope == .request || plan.scope == .objectGraph {
                find = layout.steps.count
                layout.usesScope = layout.usesScope || plan.scope == .request
                // Completed once the making's position is known.
                layout.steps.append(Step(plan: .passUnretained(plan), index: Int32(plan.index), arguments: -1, register: Int16(register),
                                         next: -1, action: plan.scope == .request ? .findInScope : .findInGraph, suspends: false))
            }
            stack.append(Open(register: register, find: find))
            layout.depth = max(layout.depth, stack.count)
            return layout.depth <= maximumNesting
        }

        guard plans.indices.contains(top), isPlain[top], let root = register(top, neededBy: -1), open(root) else { return nil }
        while let current = stack.last {
            let plan = plans[Int(layout.registers[current.register].component)]
            if current.position < plan.arguments.count {
                stack[stack.count - 1].position += 1
                switch plan.arguments[current.position] {
                case .constant:
                    stack[stack.count - 1].registers.append(-1)
                case .component(let index) where plans.indices.contains(index) && isPlain[index]:
                    guard let argument = register(index, neededBy: current.register) else { return nil }
                    stack[stack.count - 1].registers.append(Int32(argument))
                    if plans[index].scope == .singleton || plans[index].scope == .weakSingleton {
                        layout.singletons.append(Singleton(index: index, register: argument))
                    } else if !open(argument) {
                        return nil
                    }
                case .component, .inherited, .collection, .dictionary:
                    return nil
                }
                continue
            }
            stack.removeLast()
            let making = layout.steps.count
            layout.steps.append(Step(plan: .passUnretained(plan), index: Int32(plan.index), arguments: Int32(layout.argumentRegisters.count),
                                     register: Int16(current.register), next: -1,
                                     action: plan.scope == .request ? .makeInScope : plan.scope == .objectGraph ? .makeInGraph : .make,
                                     suspends: plan.makeAsync != nil))
            layout.argumentRegisters.append(contentsOf: current.registers)
            if let find = current.find {
                let open = layout.steps[find]
                layout.steps[find] = Step(plan: open.plan, index: open.index, arguments: -1, register: open.register,
                                          next: Int16(making + 1), action: open.action, suspends: false)
            }
        }
        return layout
    }
}
