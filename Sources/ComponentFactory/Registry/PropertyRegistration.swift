/// A settable property, registered with a writable key path.
public struct PropertyRegistration: Sendable, CustomStringConvertible {
    public let name: String
    public let type: InjectableType
    /// Sets the value on the instance; false when either does not fit.
    let set: @Sendable (inout Any, Any) -> Bool

    public var description: String { "\(name): \(type)" }
}
