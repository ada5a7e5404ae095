/// A settable property, registered with a writable key path.
package struct PropertyRegistration: Sendable, CustomStringConvertible {
    /// The property's name, as `<property name=…>` gives it.
    package let name: String
    /// What the property accepts.
    package let type: InjectableType
    /// Sets the value on the instance; false when either does not fit.
    let set: @Sendable (inout Any, Any) -> Bool

    package var description: String { "\(name): \(type)" }
}
