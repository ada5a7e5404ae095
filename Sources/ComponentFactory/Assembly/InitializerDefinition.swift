/// `<initializer selector="initWithQuest:hitRatio:" is-class-method="no">`
/// and its arguments.
public struct InitializerDefinition: Sendable, Hashable {
    public var selector: AttributeValue
    public var isClassMethod: AttributeValue?
    public var arguments: [ArgumentDefinition]
    public var location: SourceLocation

    public init(selector: AttributeValue, isClassMethod: AttributeValue?, arguments: [ArgumentDefinition], location: SourceLocation) {
        self.selector = selector
        self.isClassMethod = isClassMethod
        self.arguments = arguments
        self.location = location
    }

    /// The names Typhoon's rule gives the selector's parameters.
    public var parameterNames: [String] { Selector.parameterNames(of: selector.text) }
}

/// `<argument parameterName="quest" | index="0" ref=… | value=… | collection | nothing (autowired)>`.
public struct ArgumentDefinition: Sendable, Hashable {
    public var parameterName: AttributeValue?
    public var index: AttributeValue?
    public var value: InjectedValue
    public var location: SourceLocation

    public init(parameterName: AttributeValue?, index: AttributeValue?, value: InjectedValue, location: SourceLocation) {
        self.parameterName = parameterName
        self.index = index
        self.value = value
        self.location = location
    }
}

/// `<property name="…" ref=… | value=… | collection | nothing (autowired)>`.
public struct PropertyDefinition: Sendable, Hashable {
    public var name: AttributeValue
    public var value: InjectedValue
    public var location: SourceLocation

    public init(name: AttributeValue, value: InjectedValue, location: SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}
