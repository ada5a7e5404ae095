/// A settable property, registered with a writable key path.
public struct PropertyRegistration: Sendable, CustomStringConvertible {
    /// The property's name, as `<property name=…>` gives it.
    public let name: String
    /// What the property accepts.
    public let type: InjectableType
    /// Sets the value on the instance; false when either does not fit.
    let set: @Sendable (inout Any, Any) -> Bool

    public var description: String { "\(name): \(type)" }
}
