import ComponentFactory
import ServiceLifecycle

extension ComponentRegistry {
    /// Lets the registry tell a `Service` by its Swift type: a factory's
    /// services are then its singletons whose type is a `Service`, and the
    /// app's `validate` reports a component marked `service="yes"` whose type
    /// is not one (`not-a-service`). Call it where the app makes its registry.
    ///
    /// ```swift
    /// var registry = ComponentRegistry()
    /// registry.recognizeServices()
    /// ```
    public mutating func recognizeServices() {
        isService = { $0 is any Service.Type }
    }
}
