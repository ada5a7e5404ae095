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
        /// A frame's steps (see ``compile(_:plans:isPlain:postProcesses:maximumNesting:frame:)``
        /// with `frame`), which the loop leaves to the frames that run it
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
        // Unmanaged: read from the plan table by its index instead, the graph ran 5,543 instructions against 4,765 (callgrind, profile-graph).
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

    /// A program's parts as ``compile(_:plans:isPlain:postProcesses:maximumNesting:frame:)``
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

    /// The layout of `plans[top]`'s program, whose components to the bottom
    /// are all plain (`isPlain`); nil when it would hold more than
    /// ``maximumSize`` components, ``maximumSteps`` steps or
    /// ``maximumLanes`` lanes, or nest deeper than `maximumNesting`. Depth
    /// first, with a stack of its own, in the order the path that checks
    /// everything builds: a component's `depends-on`, factory component and
    /// arguments, its making, its callback before its properties, each
    /// property's value and its setting, its callbacks after, its
    /// post-processing (`postProcesses`), and (for a request or object-graph
    /// component) its keeping; a collection's items, then its gathering.
    ///
    /// With `frame`, the program of one frame (see ``Factory/run(_:in:)``):
    /// the top component alone, with no bound. Each component it needs is
    /// resolved by a `resolve` step, on a frame of its own when it must be
    /// built; its making is framed by `enter` and `leave`, and its
    /// properties and callbacks by `publish` and `unpublish` when it has
    /// any; and the frame keeps it where its scope says. Never nil then.
    static func compile(_ top: Int, plans: [ComponentPlan], isPlain: [Bool], postProcesses: Bool, maximumNesting: Int,
                        frame: Bool = false) -> Layout? {
        /// Where a component being laid out is: what it needs before its making, or its properties after.
        enum Phase { case needs, properties }
        /// A component being laid out, or the items of a collection or dictionary (`gathering`).
        struct Open {
            let register: Int
            let find: Int?
            var gathering: ValuePlan?
            var phase = Phase.needs
            var position = 0
            var registers: [Int32] = []
            /// The register of the factory component, for a factory method.
            var receiver = -1
            /// The property whose value's steps are laid out, set once they are.
            var pending: (property: Int, register: Int)?
        }
        var layout = Layout()
        var stack: [Open] = []

        /// A register for the component at `index`, needed by the one in `needer`; nil past the bound.
        func register(_ index: Int, neededBy needer: Int) -> Int? {
            guard frame || layout.registers.count < maximumSize else { return nil }
            layout.registers.append(Register(component: Int32(index), needer: Int32(needer)))
            return layout.registers.count - 1
        }
        func emit(_ plan: ComponentPlan, _ action: Action, register: Int, arguments: Int = -1, next: Int = -1, suspends: Bool = false) {
            layout.steps.append(Step(plan: .passUnretained(plan), arguments: Int32(arguments), register: Int32(register),
                                     next: Int32(next), action: action, suspends: suspends))
        }
        /// Begins laying out the component in `register`: its find, if it has one; false past the bound.
        func open(_ register: Int) -> Bool {
            let plan = plans[Int(layout.registers[register].component)]
            var find: Int?
            if frame {
                emit(plan, .enter, register: register)
            } else if plan.scope == .request || plan.scope == .objectGraph {
                find = layout.steps.count
                layout.usesScope = layout.usesScope || plan.scope == .request
                // Completed once the position after the component's last step is known.
                emit(plan, plan.scope == .request ? .findInScope : .findInGraph, register: register)
            }
            stack.append(Open(register: register, find: find))
            layout.depth = max(layout.depth, stack.count)
            return frame || layout.depth <= maximumNesting
        }
        /// Begins laying out the items of `value`, a collection or dictionary, into a register needed by the one in `needer`.
        func gather(_ value: ValuePlan, by needer: Int) -> Int? {
            guard let register = register(Int(layout.registers[needer].component), neededBy: needer) else { return nil }
            stack.append(Open(register: register, find: nil, gathering: value))
            layout.depth = max(layout.depth, stack.count)
            return frame || layout.depth <= maximumNesting ? register : nil
        }
        /// The register of `value`, needed by the component in `needer`, with
        /// its steps begun when it is built here: -1 for a constant; nil past a
        /// bound. In a frame, a component is resolved, as the value of `property` when that is not -1.
        func need(_ value: ValuePlan, by needer: Int, property: Int = -1) -> (register: Int, opened: Bool)? {
            switch value {
            case .constant:
                return (-1, false)
            case .component(let index) where frame:
                guard let argument = register(index, neededBy: needer) else { return nil }
                emit(plans[Int(layout.registers[needer].component)], .resolve, register: argument, arguments: index, next: property)
                return (argument, false)
            case .component(let index) where plans.indices.contains(index) && isPlain[index]:
                guard let argument = register(index, neededBy: needer) else { return nil }
                if plans[index].scope == .singleton || plans[index].scope == .weakSingleton {
                    layout.singletons.append(Singleton(index: index, register: argument))
                    return (argument, false)
                }
                return open(argument) ? (argument, true) : nil
            case .collection, .dictionary:
                return gather(value, by: needer).map { ($0, true) }
            case .inherited:
                guard let inherited = register(Int(layout.registers[needer].component), neededBy: needer) else { return nil }
                emit(plans[Int(layout.registers[needer].component)], .inherited, register: inherited, next: layout.valuePlans.count)
                layout.valuePlans.append(value)
                return (inherited, false)
            case .component:
                return nil
            }
        }
        /// Whether steps follow the making: then a request or object-graph component is kept by a step of its own, after them.
        func keepsApart(_ plan: ComponentPlan) -> Bool {
            !frame && (plan.publishesEarly || postProcesses)
        }
        func callback(_ which: ComponentPlan.Callback, of plan: ComponentPlan, register: Int) {
            guard let callback = plan.callback(which), let position = callbacks.firstIndex(of: which) else { return }
            emit(plan, .callback, register: register, next: position, suspends: callback.isAsync)
        }

        guard plans.indices.contains(top), frame || isPlain[top], let root = register(top, neededBy: -1), open(root) else { return nil }
        while let current = stack.last {
            guard frame || (layout.steps.count < maximumSteps && layout.argumentRegisters.count + current.registers.count <= maximumLanes) else {
                return nil
            }
            let last = stack.count - 1
            let plan = plans[Int(layout.registers[current.register].component)]
            if let gathering = current.gathering {
                // The next item, read in place: mapping a dictionary's values at each item would be quadratic.
                let next: ValuePlan?
                switch gathering {
                case .collection(let values, _, _): next = current.position < values.count ? values[current.position] : nil
                case .dictionary(let entries, _, _): next = current.position < entries.count ? entries[current.position].value : nil
                case .constant, .component, .inherited: next = nil
                }
                if let next {
                    stack[last].position += 1
                    guard let (item, _) = need(next, by: current.register) else { return nil }
                    stack[last].registers.append(Int32(item))
                    continue
                }
                emit(plan, .gather, register: current.register, arguments: layout.argumentRegisters.count, next: layout.valuePlans.count)
                layout.argumentRegisters.append(contentsOf: current.registers)
                layout.valuePlans.append(gathering)
                stack.removeLast()
                continue
            }
            switch current.phase {
            case .needs:
                // Its depends-on first (their registers are never read), then its factory component, then its arguments.
                let receives = plan.factoryIndex == nil ? 0 : 1
                if current.position < plan.dependencies.count + receives + plan.arguments.count {
                    stack[last].position += 1
                    let argument = current.position - plan.dependencies.count - receives
                    let value = argument >= 0 ? plan.arguments[argument]
                        : current.position < plan.dependencies.count ? plan.dependencies[current.position] : .component(plan.factoryIndex ?? -1)
                    guard let (register, _) = need(value, by: current.register) else { return nil }
                    if argument >= 0 {
                        stack[last].registers.append(Int32(register))
                    } else if current.position >= plan.dependencies.count {
                        stack[last].receiver = register
                    }
                    continue
                }
                let action: Action = frame || keepsApart(plan) ? .make
                    : plan.scope == .request ? .makeInScope : plan.scope == .objectGraph ? .makeInGraph : .make
                emit(plan, action, register: current.register, arguments: layout.argumentRegisters.count, next: current.receiver,
                     suspends: plan.makeAsync != nil)
                layout.argumentRegisters.append(contentsOf: current.registers)
                if frame {
                    emit(plan, .leave, register: current.register)
                    if plan.publishesEarly { emit(plan, .publish, register: current.register) }
                }
                callback(.beforePropertyInjection, of: plan, register: current.register)
                (stack[last].phase, stack[last].position, stack[last].registers) = (.properties, 0, [])
                continue
            case .properties:
                if let (property, value) = current.pending {
                    stack[last].pending = nil
                    emit(plan, .set, register: current.register, arguments: value, next: property, suspends: plan.properties[property].registration.isAsync)
                }
                if current.position < plan.properties.count {
                    let property = current.position
                    stack[last].position += 1
                    guard let (value, opened) = need(plan.properties[property].value, by: current.register, property: property) else { return nil }
                    // A value built here is set once its steps are laid out; a constant or a singleton at once.
                    if opened {
                        stack[last].pending = (property, value)
                    } else {
                        emit(plan, .set, register: current.register, arguments: value, next: property,
                             suspends: plan.properties[property].registration.isAsync)
                    }
                    continue
                }
            }
            stack.removeLast()
            callback(.afterPropertyInjection, of: plan, register: current.register)
            callback(.initMethod, of: plan, register: current.register)
            if frame && plan.publishesEarly { emit(plan, .unpublish, register: current.register) }
            if postProcesses { emit(plan, .postProcess, register: current.register) }
            if keepsApart(plan), plan.scope == .request || plan.scope == .objectGraph {
                emit(plan, plan.scope == .request ? .keepInScope : .keepInGraph, register: current.register)
            }
            if let find = current.find {
                let open = layout.steps[find]
                layout.steps[find] = Step(plan: open.plan, arguments: -1, register: open.register,
                                          next: Int32(layout.steps.count), action: open.action, suspends: false)
            }
        }
        return frame || (layout.steps.count <= maximumSteps && layout.argumentRegisters.count <= maximumLanes) ? layout : nil
    }
}
