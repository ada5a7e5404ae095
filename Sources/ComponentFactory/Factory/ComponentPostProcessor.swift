/// Sees each component once it is built and its callbacks have run, and may
/// return a replacement, such as a wrapper. Post-processors run in `order`,
/// lowest first, then in the order they were added.
///
/// Add one to the registry, or declare a component whose registered type
/// conforms: the factory builds it first, at load.
///
/// ```swift
/// struct Counting: ComponentPostProcessor {
///     let seen: Counter
///     func postProcess(_ component: Any, key: String) throws -> Any {
///         seen.increment(); return component
///     }
/// }
/// ```
public protocol ComponentPostProcessor: Sendable {
    var order: Int { get }
    func postProcess(_ component: Any, key: String) throws -> Any
}

extension ComponentPostProcessor {
    public var order: Int { 0 }
}
