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
    var order: Int { get }
    func postProcess(_ definitions: inout [ComponentDefinition]) throws
}

extension FactoryPostProcessor {
    public var order: Int { 0 }
}
