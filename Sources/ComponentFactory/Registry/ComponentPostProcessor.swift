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
    /// Where it runs among the post-processors: lower first.
    var order: Int { get }
    /// Sees the component built for `key` and returns it, or what stands in for it.
    func postProcess(_ component: Any, key: String) throws -> Any
}

extension ComponentPostProcessor {
    /// By default, 0.
    public var order: Int { 0 }
}
