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
        case `import`
    }

    /// The element named by a NUL-terminated UTF-8 name, matched on its bytes
    /// so that no String is built for the common case.
    static func element(named name: UnsafePointer<UInt8>) -> Element? {
        for (element, bytes) in names where strcmp(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), bytes) == 0 {
            return element
        }
        return nil
    }

    private static let names: [(Element, [CChar])] = Element.allCases.map { ($0, Array($0.rawValue.utf8CString)) }

    /// Whether `child` may stand inside `parent`; nil parent means the document.
    static func allows(_ child: Element, in parent: Element?) -> Bool {
        switch parent {
        case nil: child == .assembly
        case .assembly: child == .description || child == .propertyPlaceholder || child == .import || child == .component
            || child == .alias || child == .profile
        case .profile: child == .description || child == .component
        case .component: child == .description || child == .initializer || child == .property
        case .initializer: child == .description || child == .argument
        case .argument, .property, .entry: child == .description || child == .collection || child == .null
        case .collection: child == .description || child == .ref || child == .value || child == .entry || child == .null
        case .description, .ref, .value, .null, .propertyPlaceholder, .import, .alias: false
        }
    }

    /// The elements allowed inside `parent`, for messages; nil parent means the document.
    static func children(of parent: Element?) -> [Element] {
        switch parent {
        case nil: [.assembly]
        case .assembly: [.description, .propertyPlaceholder, .import, .component, .alias, .profile]
        case .profile: [.description, .component]
        case .component: [.description, .initializer, .property]
        case .initializer: [.description, .argument]
        case .argument, .property, .entry: [.description, .collection, .null]
        case .collection: [.description, .ref, .value, .entry, .null]
        case .description, .ref, .value, .null, .propertyPlaceholder, .import, .alias: []
        }
    }

    /// The attributes allowed on `element`: shared tables, so that reading
    /// an element allocates no list.
    static func attributes(of element: Element) -> [String] {
        switch element {
        case .assembly, .description, .ref, .null: []
        case .propertyPlaceholder: placeholderAttributes
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

    /// Each attribute name of ``attributes(of:)`` as a NUL-terminated C
    /// string, in the same order, for matching libxml2's names on their bytes.
    static func attributeNames(of element: Element) -> [[CChar]] {
        cNames[element] ?? []
    }

    private static let cNames: [Element: [[CChar]]] = Dictionary(uniqueKeysWithValues: Element.allCases.map { element in
        (element, attributes(of: element).map { Array($0.utf8CString) })
    })

    private static let placeholderAttributes = ["location"]
    private static let importAttributes = ["resource"]
    private static let profileAttributes = ["name"]
    private static let aliasAttributes = ["name", "alias"]
    private static let initializerAttributes = ["selector", "is-class-method"]
    private static let argumentAttributes = ["parameterName", "index", "ref", "value", "required-class"]
    private static let propertyAttributes = ["name", "ref", "value"]
    private static let typedAttributes = ["requiredType"]
    private static let entryAttributes = ["key", "ref", "value"]

    static let componentAttributes = [
        "class", "key", "scope", "lazy-init", "parent", "abstract", "factory-component",
        "before-property-injection", "after-property-injection", "init-method", "destroy-method", "profile", "depends-on",
    ]
}
