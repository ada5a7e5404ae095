/// A named lifecycle callback. An assembly decides when it runs, by naming it
/// in `before-property-injection`, `after-property-injection`, `init-method`
/// or `destroy-method`.
package struct CallbackRegistration: Sendable {
    /// The name that `before-property-injection`, `after-property-injection`, `init-method` and `destroy-method` use.
    package let name: String
    let run: @Sendable (inout Any) throws -> Void
    /// For an `async` callback, or one isolated to an actor. Only the async lookup (and the async shutdown) call it.
    let runAsync: (nonisolated(nonsending) @Sendable (CrossingInstance) async throws -> Void)?

    init(name: String, run: @escaping @Sendable (inout Any) throws -> Void,
         runAsync: (nonisolated(nonsending) @Sendable (CrossingInstance) async throws -> Void)? = nil) {
        self.name = name
        self.run = run
        self.runAsync = runAsync
    }

    /// Whether running it can suspend.
    package var isAsync: Bool { runAsync != nil }
}
