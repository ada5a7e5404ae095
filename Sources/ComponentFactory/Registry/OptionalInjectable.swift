/// Lets ``InjectableType`` see through `Optional` without reflection.
protocol OptionalInjectable {
    static var wrappedInjectable: InjectableType { get }
    static var makeNone: @Sendable () -> Any { get }
}

extension Optional: OptionalInjectable {
    static var wrappedInjectable: InjectableType { InjectableType(Wrapped.self) }
    static var makeNone: @Sendable () -> Any { { Optional<Wrapped>.none as Any } }
}
