/// A named lifecycle callback. An assembly decides when it runs, by naming it
/// in `before-property-injection`, `after-property-injection`, `init-method`
/// or `destroy-method`.
package struct CallbackRegistration: Sendable {
    /// The name that `before-property-injection`, `after-property-injection`, `init-method` and `destroy-method` use.
    package let name: String
    let run: @Sendable (inout Any) throws -> Void
    /// For an `async` callback, or one isolated to an actor: the callback
    /// bound to a component, to run in the caller's isolation or in a task
    /// of its own (a destroy method's deadline). The component's type is
    /// `Sendable`, as the registry requires, so the bound callback is too.
    /// Only the async lookup (and the async shutdown) call it.
    let runAsync: (@Sendable (Instance) -> AsyncCallback)?
    /// Set by ``RegistrationBuilder/callsMethod(_:method:)``: the callback
    /// only calls the type's method of this name, with no argument, and
    /// cannot throw, so compiled wiring may call it itself.
    package var method: String?

    /// A callback bound to its component.
    typealias AsyncCallback = nonisolated(nonsending) @Sendable () async throws -> Void

    init(name: String, run: @escaping @Sendable (inout Any) throws -> Void,
         runAsync: (@Sendable (Instance) -> AsyncCallback)? = nil) {
        self.name = name
        self.run = run
        self.runAsync = runAsync
    }

    /// Whether running it can suspend.
    package var isAsync: Bool { runAsync != nil }
}
