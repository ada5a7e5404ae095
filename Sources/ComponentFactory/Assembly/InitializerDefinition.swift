/// `<initializer selector="initWithQuest:hitRatio:" is-class-method="no">`
/// and its arguments.
public struct InitializerDefinition: Sendable, Hashable {
    /// `selector`, Typhoon's or Swift's form.
    public var selector: AttributeValue
    /// `is-class-method`, as written.
    public var isClassMethod: AttributeValue?
    /// The `<argument>` elements, in order.
    public var arguments: [ArgumentDefinition]
    /// Where the `<initializer>` is.
    public var location: SourceLocation

    /// An initializer definition.
    public init(selector: AttributeValue, isClassMethod: AttributeValue?, arguments: [ArgumentDefinition], location: SourceLocation) {
        self.selector = selector
        self.isClassMethod = isClassMethod
        self.arguments = arguments
        self.location = location
    }

    /// The names Typhoon's rule gives the selector's parameters.
    public var parameterNames: [String] { SelectorParameters.names(of: selector.text) }
}

/// `<argument parameterName="quest" | index="0" ref=… | value=… | collection | nothing (autowired)>`.
public struct ArgumentDefinition: Sendable, Hashable {
    /// `parameterName`, if given.
    public var parameterName: AttributeValue?
    /// `index`, if given: the parameter's 0-based place.
    public var index: AttributeValue?
    /// What the argument injects.
    public var value: InjectedValue
    /// Where the `<argument>` is.
    public var location: SourceLocation

    /// An argument definition.
    public init(parameterName: AttributeValue?, index: AttributeValue?, value: InjectedValue, location: SourceLocation) {
        self.parameterName = parameterName
        self.index = index
        self.value = value
        self.location = location
    }
}

/// `<property name="…" ref=… | value=… | collection | nothing (autowired)>`.
public struct PropertyDefinition: Sendable, Hashable {
    /// `name`: the registered property.
    public var name: AttributeValue
    /// What the property injects.
    public var value: InjectedValue
    /// Where the `<property>` is.
    public var location: SourceLocation

    /// A property definition.
    public init(name: AttributeValue, value: InjectedValue, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}
