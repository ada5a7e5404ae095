/// A settable property, registered with a writable key path.
package struct PropertyRegistration: Sendable, CustomStringConvertible {
    /// The property's name, as `<property name=…>` gives it.
    package let name: String
    /// What the property accepts.
    package let type: InjectableType
    /// Sets the value on the instance; false when either does not fit.
    let set: @Sendable (inout Any, Any) -> Bool
    /// For a setter that is `async` or isolated to an actor: sets the value;
    /// false when either does not fit. Only the async lookup calls it.
    let setAsync: (nonisolated(nonsending) @Sendable (Instance, Instance) async -> Bool)?
    /// Set by ``RegistrationBuilder/assignsProperty(_:member:)``: the setter
    /// only assigns the type's member of this name, so compiled wiring may
    /// assign it itself.
    package var member: String?

    init(name: String, type: InjectableType, set: @escaping @Sendable (inout Any, Any) -> Bool,
         setAsync: (nonisolated(nonsending) @Sendable (Instance, Instance) async -> Bool)? = nil) {
        self.name = name
        self.type = type
        self.set = set
        self.setAsync = setAsync
    }

    /// Whether setting it can suspend.
    package var isAsync: Bool { setAsync != nil }

    package var description: String {
        (isAsync ? "async " : "") + "\(name): \(type)" + (member.map { ", assigns .\($0)" } ?? "")
    }
}
