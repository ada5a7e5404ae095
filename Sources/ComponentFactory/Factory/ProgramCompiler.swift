/// Lays out one plan's ``ResolutionProgram``, in either of its two shapes,
/// over the same helpers:
///
/// - ``straightThrough(_:plans:isStraightThrough:postProcesses:maximumNesting:)``:
///   every component the top needs, to the bottom, each made by its own step;
///   nil past a bound.
/// - ``frame(_:plans:postProcesses:)``: the top component alone, each
///   component it needs resolved by a `resolve` step (see ``Factory/run(_:in:)``);
///   never nil.
///
/// Depth first, with a stack of its own, in the order the path that checks
/// everything builds: a component's `depends-on`, factory component and
/// arguments, its making, its callback before its properties, each
/// property's value and its setting, its callbacks after, its
/// post-processing (`postProcesses`), and (for a request or object-graph
/// component straight through) its keeping; a collection's items, then its
/// gathering. Linear in the program's size, and never recursive.
struct ProgramCompiler {
    typealias Layout = ResolutionProgram.Layout
    typealias Step = ResolutionProgram.Step
    typealias Action = ResolutionProgram.Action

    /// Where a component being laid out is: what it needs before its making, or its properties after.
    private enum Phase { case needs, properties }

    /// A component being laid out, or the items of a collection or dictionary (`gathering`).
    private struct Open {
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

    private let plans: [ComponentPlan]
    /// For a straight-through program, which plans can be made in it; empty for a frame's.
    private let isStraightThrough: [Bool]
    private let postProcesses: Bool
    private let maximumNesting: Int
    /// Whether it lays out a frame's program: one level, no bound.
    private let isFrame: Bool
    private var layout = Layout()
    private var stack: [Open] = []

    /// The layout of `plans[top]`'s straight-through program, whose
    /// components to the bottom are all straight-through (`isStraightThrough`);
    /// nil when it would hold more than ``ResolutionProgram/maximumSize``
    /// components, ``ResolutionProgram/maximumSteps`` steps or
    /// ``ResolutionProgram/maximumLanes`` lanes, or nest deeper than `maximumNesting`.
    static func straightThrough(_ top: Int, plans: [ComponentPlan], isStraightThrough: [Bool], postProcesses: Bool,
                                maximumNesting: Int) -> Layout? {
        guard plans.indices.contains(top), isStraightThrough[top] else { return nil }
        var compiler = ProgramCompiler(plans: plans, isStraightThrough: isStraightThrough, postProcesses: postProcesses,
                                       maximumNesting: maximumNesting, isFrame: false)
        guard compiler.layOut(top) else { return nil }
        let layout = compiler.layout
        return layout.steps.count <= ResolutionProgram.maximumSteps && layout.argumentRegisters.count <= ResolutionProgram.maximumLanes
            ? layout : nil
    }

    /// The layout of `plans[top]`'s frame program: its making framed by
    /// `enter` and `leave`, its properties and callbacks by `publish` and
    /// `unpublish` when it has any, each component it needs resolved, on a
    /// frame of its own when it must be built; the frame keeps it where its
    /// scope says. Empty only for an index past the plans.
    static func frame(_ top: Int, plans: [ComponentPlan], postProcesses: Bool) -> Layout {
        guard plans.indices.contains(top) else { return Layout() }
        var compiler = ProgramCompiler(plans: plans, isStraightThrough: [], postProcesses: postProcesses,
                                       maximumNesting: .max, isFrame: true)
        return compiler.layOut(top) ? compiler.layout : Layout()
    }

    /// Lays out the program of `top`, step by step; false past a bound.
    private mutating func layOut(_ top: Int) -> Bool {
        guard let root = register(top, neededBy: -1), open(root) else { return false }
        while let current = stack.last {
            guard isFrame || (layout.steps.count < ResolutionProgram.maximumSteps
                && layout.argumentRegisters.count + current.registers.count <= ResolutionProgram.maximumLanes) else { return false }
            let plan = plans[Int(layout.registers[current.register].component)]
            let advanced: Bool?
            if let gathering = current.gathering {
                advanced = gatherNext(gathering, current)
            } else if current.phase == .needs {
                advanced = needNext(plan, current)
            } else {
                advanced = setNext(plan, current)
            }
            switch advanced {
            case false?: return false
            case true?: continue
            case nil: close(plan, current)
            }
        }
        return true
    }

    // MARK: One step of the loop: true when it laid something out, false past a bound, nil when the top is done.

    /// The next item of the collection or dictionary on top, or its gathering once every item is laid out.
    private mutating func gatherNext(_ gathering: ValuePlan, _ current: Open) -> Bool {
        // The next item, read in place: mapping a dictionary's values at each item would be quadratic.
        let next: ValuePlan?
        switch gathering {
        case .collection(let values, _, _): next = current.position < values.count ? values[current.position] : nil
        case .dictionary(let entries, _, _): next = current.position < entries.count ? entries[current.position].value : nil
        case .constant, .component, .inherited: next = nil
        }
        let last = stack.count - 1
        if let next {
            stack[last].position += 1
            guard let (item, _) = need(next, by: current.register) else { return false }
            stack[last].registers.append(Int32(item))
            return true
        }
        let plan = plans[Int(layout.registers[current.register].component)]
        emit(plan, .gather, register: current.register, arguments: layout.argumentRegisters.count, next: layout.valuePlans.count)
        layout.argumentRegisters.append(contentsOf: current.registers)
        layout.valuePlans.append(gathering)
        stack.removeLast()
        return true
    }

    /// The next of what the component on top needs before its making
    /// (its depends-on first, whose registers are never read, then its
    /// factory component, then its arguments), or its making once all are laid out.
    private mutating func needNext(_ plan: ComponentPlan, _ current: Open) -> Bool {
        let last = stack.count - 1
        let receives = plan.factoryIndex == nil ? 0 : 1
        if current.position < plan.dependencies.count + receives + plan.arguments.count {
            stack[last].position += 1
            let argument = current.position - plan.dependencies.count - receives
            let value = argument >= 0 ? plan.arguments[argument]
                : current.position < plan.dependencies.count ? plan.dependencies[current.position] : .component(plan.factoryIndex ?? -1)
            guard let (register, _) = need(value, by: current.register) else { return false }
            if argument >= 0 {
                stack[last].registers.append(Int32(register))
            } else if current.position >= plan.dependencies.count {
                stack[last].receiver = register
            }
            return true
        }
        let action: Action = isFrame || keepsApart(plan) ? .make
            : plan.scope == .request ? .makeInScope : plan.scope == .objectGraph ? .makeInGraph : .make
        emit(plan, action, register: current.register, arguments: layout.argumentRegisters.count, next: current.receiver,
             suspends: plan.makeAsync != nil)
        layout.argumentRegisters.append(contentsOf: current.registers)
        if isFrame {
            emit(plan, .leave, register: current.register)
            if plan.publishesEarly { emit(plan, .publish, register: current.register) }
        }
        callback(.beforePropertyInjection, of: plan, register: current.register)
        (stack[last].phase, stack[last].position, stack[last].registers) = (.properties, 0, [])
        return true
    }

    /// The setting of the property whose value was laid out last, then the
    /// next property's value; nil when every property is set.
    private mutating func setNext(_ plan: ComponentPlan, _ current: Open) -> Bool? {
        let last = stack.count - 1
        if let (property, value) = current.pending {
            stack[last].pending = nil
            emit(plan, .set, register: current.register, arguments: value, next: property, suspends: plan.properties[property].registration.isAsync)
        }
        guard current.position < plan.properties.count else { return nil }
        let property = current.position
        stack[last].position += 1
        guard let (value, opened) = need(plan.properties[property].value, by: current.register, property: property) else { return false }
        // A value built here is set once its steps are laid out; a constant or a singleton at once.
        if opened {
            stack[last].pending = (property, value)
        } else {
            emit(plan, .set, register: current.register, arguments: value, next: property,
                 suspends: plan.properties[property].registration.isAsync)
        }
        return true
    }

    /// Ends the component on top: its callbacks after its properties, its
    /// post-processing, its keeping, and its find's jump past its last step.
    private mutating func close(_ plan: ComponentPlan, _ current: Open) {
        stack.removeLast()
        callback(.afterPropertyInjection, of: plan, register: current.register)
        callback(.initMethod, of: plan, register: current.register)
        if isFrame && plan.publishesEarly { emit(plan, .unpublish, register: current.register) }
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

    // MARK: The helpers both shapes share

    /// A register for the component at `index`, needed by the one in `needer`; nil past the bound.
    private mutating func register(_ index: Int, neededBy needer: Int) -> Int? {
        guard isFrame || layout.registers.count < ResolutionProgram.maximumSize else { return nil }
        layout.registers.append(ResolutionProgram.Register(component: Int32(index), needer: Int32(needer)))
        return layout.registers.count - 1
    }

    private mutating func emit(_ plan: ComponentPlan, _ action: Action, register: Int, arguments: Int = -1, next: Int = -1,
                               suspends: Bool = false) {
        layout.steps.append(Step(plan: .passUnretained(plan), arguments: Int32(arguments), register: Int32(register),
                                 next: Int32(next), action: action, suspends: suspends))
    }

    /// Begins laying out the component in `register`: its find, if it has one; false past the bound.
    private mutating func open(_ register: Int) -> Bool {
        let plan = plans[Int(layout.registers[register].component)]
        var find: Int?
        if isFrame {
            emit(plan, .enter, register: register)
        } else if plan.scope == .request || plan.scope == .objectGraph {
            find = layout.steps.count
            layout.usesScope = layout.usesScope || plan.scope == .request
            // Completed once the position after the component's last step is known.
            emit(plan, plan.scope == .request ? .findInScope : .findInGraph, register: register)
        }
        stack.append(Open(register: register, find: find))
        layout.depth = max(layout.depth, stack.count)
        return isFrame || layout.depth <= maximumNesting
    }

    /// Begins laying out the items of `value`, a collection or dictionary, into a register needed by the one in `needer`.
    private mutating func gather(_ value: ValuePlan, by needer: Int) -> Int? {
        guard let register = register(Int(layout.registers[needer].component), neededBy: needer) else { return nil }
        stack.append(Open(register: register, find: nil, gathering: value))
        layout.depth = max(layout.depth, stack.count)
        return isFrame || layout.depth <= maximumNesting ? register : nil
    }

    /// The register of `value`, needed by the component in `needer`, with
    /// its steps begun when it is built here: -1 for a constant; nil past a
    /// bound. In a frame, a component is resolved, as the value of `property` when that is not -1.
    private mutating func need(_ value: ValuePlan, by needer: Int, property: Int = -1) -> (register: Int, opened: Bool)? {
        switch value {
        case .constant:
            return (-1, false)
        case .component(let index) where isFrame:
            guard let argument = register(index, neededBy: needer) else { return nil }
            emit(plans[Int(layout.registers[needer].component)], .resolve, register: argument, arguments: index, next: property)
            return (argument, false)
        case .component(let index) where plans.indices.contains(index) && isStraightThrough[index]:
            guard let argument = register(index, neededBy: needer) else { return nil }
            if plans[index].scope == .singleton || plans[index].scope == .weakSingleton {
                layout.singletons.append(ResolutionProgram.Singleton(index: index, register: argument))
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

    /// Whether steps follow the making: then a request or object-graph component straight through is kept by a step of its own, after them.
    private func keepsApart(_ plan: ComponentPlan) -> Bool {
        !isFrame && (plan.publishesEarly || postProcesses)
    }

    private mutating func callback(_ which: ComponentPlan.Callback, of plan: ComponentPlan, register: Int) {
        guard let callback = plan.callback(which), let position = ResolutionProgram.callbacks.firstIndex(of: which) else { return }
        emit(plan, .callback, register: register, next: position, suspends: callback.isAsync)
    }
}
