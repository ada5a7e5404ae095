#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What each element of an assembly may contain: the grammar of
/// `docs/assemblies.md`, as tables that the reader checks against.
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

    /// The elements allowed inside `parent`; nil parent means the document.
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

    /// The attributes allowed on `element`.
    static func attributes(of element: Element) -> [String] {
        switch element {
        case .assembly, .description, .ref, .null: []
        case .propertyPlaceholder: ["location"]
        case .import: ["resource"]
        case .profile: ["name"]
        case .alias: ["name", "alias"]
        case .component: componentAttributes
        case .initializer: ["selector", "is-class-method"]
        case .argument: ["parameterName", "index", "ref", "value", "required-class"]
        case .property: ["name", "ref", "value"]
        case .collection, .value: ["requiredType"]
        case .entry: ["key", "ref", "value"]
        }
    }

    static let componentAttributes = [
        "class", "key", "scope", "lazy-init", "parent", "abstract", "factory-component",
        "before-property-injection", "after-property-injection", "init-method", "destroy-method", "profile", "depends-on",
    ]
}
