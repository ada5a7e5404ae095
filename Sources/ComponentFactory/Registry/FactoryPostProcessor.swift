/// Edits the definitions once, after the assemblies load and before any plan
/// is compiled, as Spring's `BeanFactoryPostProcessor` and Typhoon's
/// definition post-processors do. Runs in `order`, lowest first.
///
/// ```swift
/// struct EverythingLazy: FactoryPostProcessor {
///     func postProcess(_ definitions: inout [ComponentDefinition]) throws {
///         for index in definitions.indices where definitions[index].scope == .singleton {
///             definitions[index].lazyInit = AttributeValue("true", at: definitions[index].location)
///         }
///     }
/// }
/// ```
public protocol FactoryPostProcessor: Sendable {
    /// Where it runs among the post-processors: lower first.
    var order: Int { get }
    /// Changes the definitions before the factory compiles them; a thrown error stops the load.
    func postProcess(_ definitions: inout [ComponentDefinition]) throws
}

extension FactoryPostProcessor {
    /// By default, 0.
    public var order: Int { 0 }
}
