/// The words of the assembly grammar, for tools that help people write
/// assemblies (the language server's completion): which elements may stand
/// where, which attributes each has, and the fixed values some attributes take.
///
/// ```swift
/// AssemblyVocabulary.children(of: "component")          // ["description", "initializer", "property"]
/// AssemblyVocabulary.values(of: "scope", on: "component") // ["object-graph", "prototype", …]
/// ```
@_spi(Tooling)
public enum AssemblyVocabulary {
    /// The elements allowed inside `element`; nil means the document itself.
    /// An element the grammar does not know has no children.
    public static func children(of element: String?) -> [String] {
        guard let element else { return AssemblyGrammar.children(of: nil).map(\.rawValue) }
        return AssemblyGrammar.Element(rawValue: element).map { AssemblyGrammar.children(of: $0).map(\.rawValue) } ?? []
    }

    /// The attributes `element` may have.
    public static func attributes(of element: String) -> [String] {
        AssemblyGrammar.Element(rawValue: element).map { AssemblyGrammar.attributes(of: $0).map(\.attribute.rawValue) } ?? []
    }

    /// The values `attribute` may take on `element` when they form a fixed
    /// set; empty when any text will do.
    public static func values(of attribute: String, on element: String) -> [String] {
        switch (element, attribute) {
        case ("component", "scope"): Scope.allCases.map(\.rawValue)
        case ("component", "lazy-init"), ("component", "abstract"): ["true", "false", "yes", "no"]
        case ("initializer", "is-class-method"): ["true", "false", "yes", "no", "guess"]
        case ("collection", "requiredType"): CollectionDefinition.Kind.allCases.map(\.rawValue)
        default: []
        }
    }

    /// Attributes whose value is the key of a component.
    public static let keyAttributes: Set<String> = ["ref", "parent", "factory-component", "depends-on"]
}
