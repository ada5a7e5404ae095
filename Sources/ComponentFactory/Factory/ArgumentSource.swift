/// Hands a registered closure its arguments one at a time, in order, each
/// resolved by the factory as it is asked for: no array of arguments is
/// made. A value of plain fields, so that calling a closure allocates and
/// retains nothing for it; inlinable, so that each cast is compiled for the
/// registered parameter type.
@usableFromInline
struct ArgumentSource {
    /// Unmanaged: the factory and the plan outlive every call, and reading
    /// them must not retain them once per argument.
    let factory: Unmanaged<Factory>
    let plan: Unmanaged<ComponentPlan>
    /// The resolution under way, for the duration of the call.
    let resolution: UnsafeMutablePointer<Resolution>
    @usableFromInline var position = 0

    init(factory: Factory, plan: ComponentPlan, resolution: UnsafeMutablePointer<Resolution>) {
        self.factory = .passUnretained(factory)
        self.plan = .passUnretained(plan)
        self.resolution = resolution
    }

    @inlinable @inline(__always)
    mutating func next<Value>(_ wanted: Value.Type) throws -> Value {
        let index = position
        position += 1
        return try argument(index).take(as: Value.self) { actual in
            ArgumentTypeFailure(index: index, expected: "\(Value.self)", actual: "\(actual)")
        }
    }

    /// The factory component a factory method is called on.
    @inlinable
    func receiver<Receiver>(_ wanted: Receiver.Type) throws -> Receiver {
        try argument(-1).take(as: Receiver.self) { actual in
            ArgumentTypeFailure(index: -1, expected: "\(Receiver.self)", actual: "\(actual)")
        }
    }

    /// The argument at `index`, resolved; -1 is a factory method's factory component.
    @usableFromInline
    func argument(_ index: Int) throws -> ResolvedArgument {
        try plan._withUnsafeGuaranteedRef { plan in
            try factory._withUnsafeGuaranteedRef { factory in
                try factory.argument(index, of: plan, in: &resolution.pointee)
            }
        }
    }
}
