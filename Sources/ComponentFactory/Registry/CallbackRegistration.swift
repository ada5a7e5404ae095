/// A named lifecycle callback. An assembly decides when it runs, by naming it
/// in `before-property-injection`, `after-property-injection`, `init-method`
/// or `destroy-method`.
package struct CallbackRegistration: Sendable {
    /// The name that `before-property-injection`, `after-property-injection`, `init-method` and `destroy-method` use.
    package let name: String
    let run: @Sendable (inout Any) throws -> Void
}
