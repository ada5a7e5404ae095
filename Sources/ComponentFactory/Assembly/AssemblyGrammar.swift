#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What each element of an assembly may contain: the grammar of
/// the Assembly reference article, as tables that the reader checks against.
enum AssemblyGrammar {
    /// The elements, as the reader tracks them while it reads.
    enum Element: String, CaseIterable {
        case assembly, description, component, alias, profile, initializer, argument, property, collection, entry, ref, value, null
        case propertyPlaceholder = "property-placeholder"
        case appProperty = "app-property"
        case serviceGroup = "service-group"
        case `import`
    }

    /// The element named by a NUL-terminated UTF-8 name, matched on its bytes
    /// so that no String is built for the common case.
    static func element(named name: UnsafePointer<UInt8>) -> Element? {
        let cName = UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self)
        // The first byte settles most mismatches without a call.
        return names.first { $0.1[0] == cName[0] && strcmp(cName, $0.1) == 0 }?.0
    }

    private static let names: [(Element, [CChar])] = Element.allCases.map { ($0, Array($0.rawValue.utf8CString)) }

    /// Whether `byte` is XML white space (space, tab, line feed, carriage return):
    /// text of only these may stand anywhere, and a file of only these is empty.
    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `child` may stand inside `parent`; nil parent means the document.
    static func allows(_ child: Element, in parent: Element?) -> Bool {
        switch parent {
        case nil: child == .assembly
        case .assembly: child == .description || child == .propertyPlaceholder || child == .appProperty || child == .import
            || child == .component || child == .alias || child == .profile || child == .serviceGroup
        case .profile: child == .description || child == .component
        case .component: child == .description || child == .initializer || child == .property
        case .initializer: child == .description || child == .argument
        case .argument, .property, .entry: child == .description || child == .collection || child == .null
        case .collection: child == .description || child == .ref || child == .value || child == .entry || child == .null
        case .description, .ref, .value, .null, .propertyPlaceholder, .appProperty, .serviceGroup, .import, .alias: false
        }
    }

    /// The elements allowed inside `parent`, for messages; nil parent means the document.
    static func children(of parent: Element?) -> [Element] {
        switch parent {
        case nil: [.assembly]
        case .assembly: [.description, .propertyPlaceholder, .appProperty, .serviceGroup, .import, .component, .alias, .profile]
        case .profile: [.description, .component]
        case .component: [.description, .initializer, .property]
        case .initializer: [.description, .argument]
        case .argument, .property, .entry: [.description, .collection, .null]
        case .collection: [.description, .ref, .value, .entry, .null]
        case .description, .ref, .value, .null, .propertyPlaceholder, .appProperty, .serviceGroup, .import, .alias: []
        }
    }

    /// Every attribute name of the grammar.
    enum Attribute: String, CaseIterable {
        case location, resource, name, alias, selector, parameterName, index, ref, value, requiredType, key, `class`, scope
        case parent, abstract, profile, prefix
        case isClassMethod = "is-class-method"
        case requiredClass = "required-class"
        case lazyInit = "lazy-init"
        case factoryComponent = "factory-component"
        case beforePropertyInjection = "before-property-injection"
        case afterPropertyInjection = "after-property-injection"
        case initMethod = "init-method"
        case destroyMethod = "destroy-method"
        case dependsOn = "depends-on"
        case service
        case serviceFinished = "service-finished"
        case serviceFailed = "service-failed"
        case seeded
        case reloadable
        case gracefulShutdownTimeout = "graceful-shutdown-timeout"
        case cancellationTimeout = "cancellation-timeout"

        /// `service`, `service-finished` or `service-failed`: resolved and checked at each load, never compiled in.
        var isService: Bool { self == .service || self == .serviceFinished || self == .serviceFailed }
    }

    /// The attributes allowed on `element`, with their C names: shared
    /// tables, so that reading an element allocates no list.
    static func attributes(of element: Element) -> [(attribute: Attribute, cName: [CChar])] {
        switch element {
        case .assembly, .description, .ref, .null: []
        case .propertyPlaceholder: placeholderAttributes
        case .appProperty: appPropertyAttributes
        case .serviceGroup: serviceGroupAttributes
        case .import: importAttributes
        case .profile: profileAttributes
        case .alias: aliasAttributes
        case .component: componentAttributes
        case .initializer: initializerAttributes
        case .argument: argumentAttributes
        case .property: propertyAttributes
        case .collection, .value: typedAttributes
        case .entry: entryAttributes
        }
    }

    private static func table(_ attributes: [Attribute]) -> [(attribute: Attribute, cName: [CChar])] {
        attributes.map { ($0, Array($0.rawValue.utf8CString)) }
    }

    private static let placeholderAttributes = table([.location])
    private static let appPropertyAttributes = table([.key, .prefix])
    private static let serviceGroupAttributes = table([.gracefulShutdownTimeout, .cancellationTimeout])
    private static let importAttributes = table([.resource])
    private static let profileAttributes = table([.name])
    private static let aliasAttributes = table([.name, .alias])
    private static let initializerAttributes = table([.selector, .isClassMethod])
    private static let argumentAttributes = table([.parameterName, .index, .ref, .value, .requiredClass])
    private static let propertyAttributes = table([.name, .ref, .value])
    private static let typedAttributes = table([.requiredType])
    private static let entryAttributes = table([.key, .ref, .value])
    private static let componentAttributes = table([
        .class, .key, .scope, .lazyInit, .parent, .abstract, .factoryComponent,
        .beforePropertyInjection, .afterPropertyInjection, .initMethod, .destroyMethod, .profile, .dependsOn,
        .service, .serviceFinished, .serviceFailed, .seeded, .reloadable,
    ])
}
