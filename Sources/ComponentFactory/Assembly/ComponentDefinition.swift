/// One `<component>` as written: plain data, with the location of the
/// element and of every attribute.
///
/// Attributes keep their raw text; the checks of `factory validate` and of loading check values such
/// as `scope` and `lazy-init`, so that reading never fails on them.
///
/// ```swift
/// let knight = document.components.first { $0.key == "knight" }
/// knight?.className?.text  // "Knight"
/// knight?.scope            // .objectGraph
/// ```
public struct ComponentDefinition: Sendable, Hashable {
    // The fields live in one box, never changed, shared between copies: a
    // definition has some thirty references, and every check and stage
    // passes definitions around, so a copy must be one. A change makes a new
    // box; the reader makes each definition whole, in one box.
    private var box: Storage

    /// The key: `key=`, or one generated from the file and line.
    public var key: String {
        get { box.fields.key }
        _modify { yield &fields.key }
    }
    /// The `key` attribute; nil when the key was generated.
    public var keyAttribute: AttributeValue? {
        get { box.fields.keyAttribute }
        _modify { yield &fields.keyAttribute }
    }
    /// `class`: the registered name of the type, or a placeholder.
    public var className: AttributeValue? {
        get { box.fields.className }
        _modify { yield &fields.className }
    }
    /// `scope`, as written; ``scope`` parses it.
    public var scopeAttribute: AttributeValue? {
        get { box.fields.scopeAttribute }
        _modify { yield &fields.scopeAttribute }
    }
    /// `lazy-init`, as written.
    public var lazyInit: AttributeValue? {
        get { box.fields.lazyInit }
        _modify { yield &fields.lazyInit }
    }
    /// `parent`: the key of the definition this one inherits from.
    public var parent: AttributeValue? {
        get { box.fields.parent }
        _modify { yield &fields.parent }
    }
    /// `abstract`, as written.
    public var abstract: AttributeValue? {
        get { box.fields.abstract }
        _modify { yield &fields.abstract }
    }
    /// `factory-component`: the key of the component whose method builds this one.
    public var factoryComponent: AttributeValue? {
        get { box.fields.factoryComponent }
        _modify { yield &fields.factoryComponent }
    }
    /// `before-property-injection`: a registered callback's name.
    public var beforePropertyInjection: AttributeValue? {
        get { box.fields.beforePropertyInjection }
        _modify { yield &fields.beforePropertyInjection }
    }
    /// `after-property-injection`: a registered callback's name.
    public var afterPropertyInjection: AttributeValue? {
        get { box.fields.afterPropertyInjection }
        _modify { yield &fields.afterPropertyInjection }
    }
    /// `init-method`: a registered callback's name, run when the component is ready.
    public var initMethod: AttributeValue? {
        get { box.fields.initMethod }
        _modify { yield &fields.initMethod }
    }
    /// `destroy-method`: a registered callback's name, run at shutdown.
    public var destroyMethod: AttributeValue? {
        get { box.fields.destroyMethod }
        _modify { yield &fields.destroyMethod }
    }
    /// Every profile expression that applies: enclosing `<profile>` elements
    /// and the `profile=` attribute. All must match.
    public var profiles: [AttributeValue] {
        get { box.fields.profiles }
        _modify { yield &fields.profiles }
    }
    /// `depends-on="a, b"` as written; ``dependencies`` lists the keys.
    public var dependsOn: AttributeValue? {
        get { box.fields.dependsOn }
        _modify { yield &fields.dependsOn }
    }
    /// `service`: `yes` runs the component as a service, though its type
    /// is not declared one (the lifecycle product's `ServiceGroup`).
    public var service: AttributeValue? {
        get { box.fields.service }
        _modify { yield &fields.service }
    }
    /// `service-finished`: what the service group does when the service's
    /// `run()` returns: `cancel-group`, `shutdown-group` or `ignore`.
    public var serviceFinished: AttributeValue? {
        get { box.fields.serviceFinished }
        _modify { yield &fields.serviceFinished }
    }
    /// `service-failed`: what the service group does when `run()` throws, as ``serviceFinished``.
    public var serviceFailed: AttributeValue? {
        get { box.fields.serviceFailed }
        _modify { yield &fields.serviceFailed }
    }
    /// `seeded`: `yes` for a `request` component whose instance the code that
    /// opens a scope gives (the request, the caller), never built.
    public var seeded: AttributeValue? {
        get { box.fields.seeded }
        _modify { yield &fields.seeded }
    }
    /// `reloadable`: `yes` for a singleton that a live factory builds anew,
    /// with those that need it, when the configuration changes.
    public var reloadable: AttributeValue? {
        get { box.fields.reloadable }
        _modify { yield &fields.reloadable }
    }
    /// The `<initializer>`, if any.
    public var initializer: InitializerDefinition? {
        get { box.fields.initializer }
        _modify { yield &fields.initializer }
    }
    /// The `<property>` elements, in order.
    public var properties: [PropertyDefinition] {
        get { box.fields.properties }
        _modify { yield &fields.properties }
    }
    /// Where the `<component>` starts.
    public var location: SourceLocation {
        get { box.fields.location }
        _modify { yield &fields.location }
    }

    /// The fields; a change puts them in a new box.
    private var fields: Fields {
        get { box.fields }
        _modify {
            var fields = box.fields
            yield &fields
            box = Storage(fields)
        }
    }

    private struct Fields: Sendable, Hashable {
        var key: String
        var keyAttribute: AttributeValue?
        var className: AttributeValue?
        var scopeAttribute: AttributeValue?
        var lazyInit: AttributeValue?
        var parent: AttributeValue?
        var abstract: AttributeValue?
        var factoryComponent: AttributeValue?
        var beforePropertyInjection: AttributeValue?
        var afterPropertyInjection: AttributeValue?
        var initMethod: AttributeValue?
        var destroyMethod: AttributeValue?
        var profiles: [AttributeValue]
        var dependsOn: AttributeValue?
        var service: AttributeValue?
        var serviceFinished: AttributeValue?
        var serviceFailed: AttributeValue?
        var seeded: AttributeValue?
        var reloadable: AttributeValue?
        var initializer: InitializerDefinition?
        var properties: [PropertyDefinition]
        var location: SourceLocation
    }

    private final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    /// Equal when every field is.
    public static func == (lhs: ComponentDefinition, rhs: ComponentDefinition) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        box.fields.hash(into: &hasher)
    }

    /// This definition with what it leaves out taken from `parent`, as
    /// `parent=` asks: `class`, the initializer (whole), `scope`, `lazy-init`,
    /// `factory-component`, the callbacks, the service attributes and `reloadable`; properties merge by name, this
    /// definition's winning. `abstract`, `profile` and `depends-on` stay its own.
    /// One new box, filled in one go (folding is on the path of every check).
    /// Without `mergingProperties` the properties stay this definition's own,
    /// for a pass that reads no inherited property.
    func inheriting(from parent: ComponentDefinition, mergingProperties: Bool = true) -> ComponentDefinition {
        // Only what is missing is read from the parent, field by field.
        let inherited = parent.box
        var fields = box.fields
        if fields.className == nil { fields.className = inherited.fields.className }
        if fields.initializer == nil { fields.initializer = inherited.fields.initializer }
        if fields.scopeAttribute == nil { fields.scopeAttribute = inherited.fields.scopeAttribute }
        if fields.lazyInit == nil { fields.lazyInit = inherited.fields.lazyInit }
        if fields.factoryComponent == nil { fields.factoryComponent = inherited.fields.factoryComponent }
        if fields.beforePropertyInjection == nil { fields.beforePropertyInjection = inherited.fields.beforePropertyInjection }
        if fields.afterPropertyInjection == nil { fields.afterPropertyInjection = inherited.fields.afterPropertyInjection }
        if fields.initMethod == nil { fields.initMethod = inherited.fields.initMethod }
        if fields.destroyMethod == nil { fields.destroyMethod = inherited.fields.destroyMethod }
        if fields.service == nil { fields.service = inherited.fields.service }
        if fields.serviceFinished == nil { fields.serviceFinished = inherited.fields.serviceFinished }
        if fields.serviceFailed == nil { fields.serviceFailed = inherited.fields.serviceFailed }
        if fields.reloadable == nil { fields.reloadable = inherited.fields.reloadable }
        let inheritedProperties = mergingProperties ? inherited.fields.properties : []
        if fields.properties.isEmpty {
            fields.properties = inheritedProperties
        } else if !inheritedProperties.isEmpty {
            // A definition has a handful of properties: comparing names beats hashing them.
            let own = fields.properties
            fields.properties = inheritedProperties.filter { property in !own.contains { $0.name.text == property.name.text } } + own
        }
        var child = self
        child.box = Storage(fields)
        return child
    }

    /// A definition with only its key and place; the reader fills in the rest.
    public init(key: String, location: SourceLocation) {
        self.init(key: key, location: location, attributes: [])
    }

    /// The definition a `<component>` element makes, read in one pass and
    /// boxed once: `key` is `key=`'s text, or one the reader made; its own
    /// `profile=` comes after the `enclosingProfiles` of the `<profile>` elements around it.
    init(key: String, location: SourceLocation, attributes: [(name: AssemblyGrammar.Attribute, value: AttributeValue)],
         initializer: InitializerDefinition? = nil, properties: [PropertyDefinition] = [], enclosingProfiles: [AttributeValue] = []) {
        var fields = Fields(
            key: key, keyAttribute: nil, className: nil, scopeAttribute: nil, lazyInit: nil, parent: nil, abstract: nil, factoryComponent: nil, beforePropertyInjection: nil, afterPropertyInjection: nil, initMethod: nil, destroyMethod: nil, profiles: enclosingProfiles, dependsOn: nil, service: nil, serviceFinished: nil, serviceFailed: nil, seeded: nil, reloadable: nil, initializer: initializer, properties: properties, location: location)
        for (name, value) in attributes {
            switch name {
            case .key: fields.keyAttribute = value
            case .class: fields.className = value
            case .scope: fields.scopeAttribute = value
            case .lazyInit: fields.lazyInit = value
            case .parent: fields.parent = value
            case .abstract: fields.abstract = value
            case .factoryComponent: fields.factoryComponent = value
            case .beforePropertyInjection: fields.beforePropertyInjection = value
            case .afterPropertyInjection: fields.afterPropertyInjection = value
            case .initMethod: fields.initMethod = value
            case .destroyMethod: fields.destroyMethod = value
            case .profile: fields.profiles.append(value)
            case .dependsOn: fields.dependsOn = value
            case .service: fields.service = value
            case .serviceFinished: fields.serviceFinished = value
            case .serviceFailed: fields.serviceFailed = value
            case .seeded: fields.seeded = value
            case .reloadable: fields.reloadable = value
            default: break  // not a <component> attribute: the grammar reads none here
            }
        }
        box = Storage(fields)
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

    /// `seeded="true"` or `"yes"`.
    public var isSeeded: Bool {
        seeded.flatMap { BooleanAttribute.parse($0.text) } ?? false
    }

    /// `reloadable="true"` or `"yes"`.
    public var isReloadable: Bool {
        reloadable.flatMap { BooleanAttribute.parse($0.text) } ?? false
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
