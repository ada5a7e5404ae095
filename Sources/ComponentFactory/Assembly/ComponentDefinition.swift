/// One `<component>` as written: plain data, with the location of the
/// element and of every attribute.
///
/// Attributes keep their raw text; ``AssemblyValidator`` checks values such
/// as `scope` and `lazy-init`, so that reading never fails on them.
///
/// ```swift
/// let knight = document.components.first { $0.key == "knight" }
/// knight?.className?.text  // "Knight"
/// knight?.scope            // .objectGraph
/// ```
public struct ComponentDefinition: Sendable, Hashable {
    /// The key: `key=`, or one generated from the file and line.
    public var key: String
    public var keyAttribute: AttributeValue?
    public var className: AttributeValue?
    public var scopeAttribute: AttributeValue?
    public var lazyInit: AttributeValue?
    public var parent: AttributeValue?
    public var abstract: AttributeValue?
    public var factoryComponent: AttributeValue?
    public var beforePropertyInjection: AttributeValue?
    public var afterPropertyInjection: AttributeValue?
    public var initMethod: AttributeValue?
    public var destroyMethod: AttributeValue?
    /// Every profile expression that applies: enclosing `<profile>` elements
    /// and the `profile=` attribute. All must match.
    public var profiles: [AttributeValue]
    /// `depends-on="a, b"` as written; ``dependencies`` lists the keys.
    public var dependsOn: AttributeValue?
    public var initializer: InitializerDefinition?
    public var properties: [PropertyDefinition]
    public var location: SourceLocation

    public init(key: String, location: SourceLocation) {
        self.key = key
        self.profiles = []
        self.properties = []
        self.location = location
    }

    /// The scope, or `.objectGraph` when none is written; nil when the text is no scope.
    public var scope: Scope? {
        guard let text = scopeAttribute?.text else { return .objectGraph }
        return Scope(parsing: text)
    }

    /// `abstract="true"` or `"yes"`.
    public var isAbstract: Bool {
        abstract.flatMap { BooleanAttribute.parse($0.text) } ?? false
    }

    /// `lazy-init="true"` or `"yes"`.
    public var isLazy: Bool {
        lazyInit.flatMap { BooleanAttribute.parse($0.text) } ?? false
    }

    /// The keys of `depends-on`, trimmed, each with the attribute's location.
    public var dependencies: [AttributeValue] {
        guard let dependsOn else { return [] }
        return dependsOn.text.split(separator: ",")
            .map { AttributeValue(String($0.trimmingWhitespace()), at: dependsOn.location) }
            .filter { !$0.text.isEmpty }
    }

    /// Whether the component exists in `environment`.
    public func isActive(in environment: String?) -> Bool {
        profiles.allSatisfy { profile in
            (try? ProfileExpression(parsing: profile.text))?.matches(environment: environment) ?? false
        }
    }
}
