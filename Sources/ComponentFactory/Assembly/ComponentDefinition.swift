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
    /// The `key` attribute; nil when the key was generated.
    public var keyAttribute: AttributeValue?
    /// `class`: the registered name of the type, or a placeholder.
    public var className: AttributeValue?
    /// `scope`, as written; ``scope`` parses it.
    public var scopeAttribute: AttributeValue?
    /// `lazy-init`, as written.
    public var lazyInit: AttributeValue?
    /// `parent`: the key of the definition this one inherits from.
    public var parent: AttributeValue?
    /// `abstract`, as written.
    public var abstract: AttributeValue?
    /// `factory-component`: the key of the component whose method builds this one.
    public var factoryComponent: AttributeValue?
    /// `before-property-injection`: a registered callback's name.
    public var beforePropertyInjection: AttributeValue?
    /// `after-property-injection`: a registered callback's name.
    public var afterPropertyInjection: AttributeValue?
    /// `init-method`: a registered callback's name, run when the component is ready.
    public var initMethod: AttributeValue?
    /// `destroy-method`: a registered callback's name, run at shutdown.
    public var destroyMethod: AttributeValue?
    /// Every profile expression that applies: enclosing `<profile>` elements
    /// and the `profile=` attribute. All must match.
    public var profiles: [AttributeValue]
    /// `depends-on="a, b"` as written; ``dependencies`` lists the keys.
    public var dependsOn: AttributeValue?
    /// The `<initializer>`, if any.
    public var initializer: InitializerDefinition?
    /// The `<property>` elements, in order.
    public var properties: [PropertyDefinition]
    /// Where the `<component>` starts.
    public var location: SourceLocation

    /// A definition with only its key and place; the reader fills in the rest.
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
