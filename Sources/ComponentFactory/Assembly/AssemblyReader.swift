import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads one assembly file into an ``AssemblyDocument``: libxml2 parses it,
/// then a strict walk turns the tree into plain definitions, each with its
/// file, line and column.
///
/// The grammar is Typhoon 1.x's, in its namespace or in none, plus `import`,
/// `profile`, `abstract`, `init-method`, `destroy-method`, `<entry>` and
/// `<null/>`. An unknown element or attribute is an error with a "did you
/// mean"; so is a node with both `ref` and `value`, and an argument with
/// neither `parameterName` nor `index`. Attribute values such as `scope`
/// are kept as written and checked by ``AssemblyValidator``.
///
/// ```swift
/// let reading = AssemblyReader.read(bytes: Array(xml.utf8), file: "Assemblies/MiddleAges.xml")
/// reading.document.components.map(\.key)  // ["knight", "quest", …]
/// reading.diagnostics                     // [] when the file is clean
/// ```
public enum AssemblyReader {
    /// Typhoon's namespace, which assemblies may use or leave out.
    public static let namespace = "http://www.typhoonframework.org/schema/assembly"

    /// The document, as much of it as could be read, and the problems found.
    public struct Reading: Sendable {
        public var document: AssemblyDocument
        public var diagnostics: [Diagnostic]
    }

    /// Reads `bytes`. With `checkSchema`, a file that the walk found clean is
    /// also validated against ``AssemblySchema`` (ordering and counts).
    public static func read(bytes: [UInt8], file: String, checkSchema: Bool = false) -> Reading {
        let parsed: LibXMLDocument
        do {
            parsed = try LibXMLDocument.parse(bytes, file: file)
        } catch {
            return Reading(document: AssemblyDocument(file: file), diagnostics: [error])
        }
        var walker = TreeWalker(map: XMLSourceMap(file: file, bytes: bytes), file: file)
        walker.markStartTags(parsed.pointer)
        let document = walker.readDocument(parsed.pointer)
        var diagnostics = walker.diagnostics
        if checkSchema && diagnostics.isEmpty {
            diagnostics += AssemblySchema.validate(parsed, file: file)
        }
        return Reading(document: document, diagnostics: diagnostics)
    }
}

/// The walk over one parsed tree.
private struct TreeWalker {
    var map: XMLSourceMap
    let file: String
    var diagnostics: [Diagnostic] = []
    private var document: AssemblyDocument
    /// Attribute offsets of the element being read, reused to spare an
    /// allocation per element.
    private var offsetScratch: [Int] = []

    init(map: XMLSourceMap, file: String) {
        self.map = map
        self.file = file
        self.document = AssemblyDocument(file: file)
    }

    // MARK: Positions

    /// Stores each element's start-tag offset in its `_private` field, in
    /// document order, so that any element can be located later.
    mutating func markStartTags(_ document: xmlDocPtr) {
        guard let root = xmlDocGetRootElement(document) else { return }
        var node: xmlNodePtr? = root
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE, let offset = map.nextStartTag() {
                current.pointee._private = UnsafeMutableRawPointer(bitPattern: offset + 1)
            }
            // Depth first, in document order, by the tree's own links.
            if current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                continue
            }
            var next: xmlNodePtr? = current
            node = nil
            while let climbing = next, climbing != root {
                if let sibling = climbing.pointee.next {
                    node = sibling
                    break
                }
                next = climbing.pointee.parent
            }
        }
    }

    private func tagOffset(_ node: xmlNodePtr) -> Int? {
        node.pointee._private.map { Int(bitPattern: $0) - 1 }
    }

    private mutating func location(of node: xmlNodePtr) -> SourceLocation {
        if let offset = tagOffset(node) { return map.location(ofOffset: offset) }
        return SourceLocation(file: file, line: max(Int(xmlGetLineNo(node)), 1))
    }

    // MARK: Tree access

    private func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    /// No namespace, or Typhoon's: compared as C strings, with no String built.
    private static func isOwnNamespace(_ namespace: xmlNsPtr?) -> Bool {
        guard let href = namespace?.pointee.href else { return true }
        return AssemblyReader.namespace.withCString { strcmp(UnsafeRawPointer(href).assumingMemoryBound(to: CChar.self), $0) == 0 }
    }

    private func namespace(of node: xmlNodePtr) -> String? {
        node.pointee.ns?.pointee.href.map { String(cString: $0) }
    }

    private func elements(under node: xmlNodePtr) -> ElementChildren {
        ElementChildren(first: node.pointee.children)
    }

    private func text(of node: xmlNodePtr) -> String {
        Self.text(ofChildren: node.pointee.children)
    }

    /// The text of a node list; one text node, the common case, is read directly.
    private static func text(ofChildren first: xmlNodePtr?) -> String {
        guard let first else { return "" }
        if first.pointee.next == nil {
            return first.pointee.content.map { String(cString: $0) } ?? ""
        }
        var result = ""
        var child: xmlNodePtr? = first
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
               let content = current.pointee.content {
                result += String(cString: content)
            }
            child = current.pointee.next
        }
        return result
    }

    /// The attributes of `node` that are in `allowed`; any other, outside the
    /// `xmlns` and XML Schema instance namespaces, is `unknown-attribute`.
    private mutating func attributes(of node: xmlNodePtr, allowed: [String]) -> Attributes {
        var result = Attributes()
        if let tag = tagOffset(node) {
            map.attributeOffsets(inTagAt: tag, into: &offsetScratch)
        } else {
            offsetScratch.removeAll(keepingCapacity: true)
        }
        let offsets = offsetScratch
        var position = 0
        var attribute = node.pointee.properties
        while let current = attribute {
            defer {
                attribute = current.pointee.next
                position += 1
            }
            let attributeName = current.pointee.name.map { String(cString: $0) } ?? ""
            if !Self.isOwnNamespace(current.pointee.ns) {
                continue  // xsi:schemaLocation and the like
            }
            let value = Self.text(ofChildren: current.pointee.children)
            let where_ = position < offsets.count ? map.location(ofOffset: offsets[position]) : location(of: node)
            guard allowed.contains(attributeName) else {
                report(.unknownAttribute,
                       "unknown attribute '\(attributeName)' on <\(name(of: node))>"
                           + SpellingSuggestions.didYouMean(attributeName, among: allowed),
                       at: where_)
                continue
            }
            result.values.append((attributeName, AttributeValue(value, at: where_)))
        }
        return result
    }

    private mutating func required(_ attribute: String, in values: Attributes, of node: xmlNodePtr) -> AttributeValue? {
        if let value = values[attribute] { return value }
        report(.missingAttribute, "<\(name(of: node))> needs the attribute '\(attribute)'", at: location(of: node))
        return nil
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(code, message, at: location))
    }

    /// Checks the element's namespace and name against `allowed`; reports an
    /// unknown one and returns nil for it.
    private mutating func known(_ node: xmlNodePtr, allowed: [String], parent: String) -> String? {
        let elementName = name(of: node)
        if !Self.isOwnNamespace(node.pointee.ns), let namespace = namespace(of: node) {
            report(.unknownElement, "element <\(elementName)> is in the namespace '\(namespace)'; use '\(AssemblyReader.namespace)' or none",
                   at: location(of: node))
            return nil
        }
        guard allowed.contains(elementName) else {
            report(.unknownElement, "unknown element <\(elementName)> in <\(parent)>"
                       + SpellingSuggestions.didYouMean(elementName, among: allowed),
                   at: location(of: node))
            return nil
        }
        return elementName
    }

    // MARK: Grammar

    mutating func readDocument(_ parsed: xmlDocPtr) -> AssemblyDocument {
        guard let root = xmlDocGetRootElement(parsed) else { return document }
        guard known(root, allowed: Grammar.root, parent: "document") != nil else { return document }
        _ = attributes(of: root, allowed: Grammar.none)
        document.components.reserveCapacity(Int(xmlChildElementCount(root)))
        for child in elements(under: root) {
            switch known(child, allowed: Grammar.assemblyChildren, parent: "assembly") {
            case "property-placeholder": readPlaceholder(child)
            case "import": readImport(child)
            case "component": readComponent(child, profiles: [])
            case "profile": readProfile(child)
            default: break
            }
        }
        return document
    }

    private mutating func readPlaceholder(_ node: xmlNodePtr) {
        let here = location(of: node)
        let values = attributes(of: node, allowed: Grammar.placeholderAttributes)
        guard let list = required("location", in: values, of: node) else { return }
        let locations = list.text.split(separator: ",").map { AttributeValue(String($0.trimmingWhitespace()), at: list.location) }
            .filter { !$0.text.isEmpty }
        document.placeholders.append(.init(locations: locations, location: here))
    }

    private mutating func readImport(_ node: xmlNodePtr) {
        let here = location(of: node)
        let values = attributes(of: node, allowed: Grammar.importAttributes)
        guard let resource = required("resource", in: values, of: node) else { return }
        document.imports.append(.init(resource: resource, location: here))
    }

    private mutating func readProfile(_ node: xmlNodePtr) {
        let values = attributes(of: node, allowed: Grammar.profileAttributes)
        guard let expression = required("name", in: values, of: node) else { return }
        for child in elements(under: node) {
            if known(child, allowed: Grammar.profileChildren, parent: "profile") == "component" {
                readComponent(child, profiles: [expression])
            }
        }
    }

    private mutating func readComponent(_ node: xmlNodePtr, profiles: [AttributeValue]) {
        let where_ = location(of: node)
        let values = attributes(of: node, allowed: Grammar.componentAttributes)
        let baseName = file.split(separator: "/").last.map(String.init) ?? file
        let generated = "\(values["class"]?.text ?? "component")@\(baseName):\(where_.line)"
        var component = ComponentDefinition(key: values["key"]?.text ?? generated, location: where_)
        component.keyAttribute = values["key"]
        component.className = values["class"]
        component.scopeAttribute = values["scope"]
        component.lazyInit = values["lazy-init"]
        component.parent = values["parent"]
        component.abstract = values["abstract"]
        component.factoryComponent = values["factory-component"]
        component.beforePropertyInjection = values["before-property-injection"]
        component.afterPropertyInjection = values["after-property-injection"]
        component.initMethod = values["init-method"]
        component.destroyMethod = values["destroy-method"]
        component.profiles = profiles + (values["profile"].map { [$0] } ?? [])
        for child in elements(under: node) {
            switch known(child, allowed: Grammar.componentChildren, parent: "component") {
            case "initializer":
                if component.initializer != nil {
                    report(.schema, "<component> has more than one <initializer>", at: location(of: child))
                } else {
                    component.initializer = readInitializer(child)
                }
            case "property":
                if let property = readProperty(child) { component.properties.append(property) }
            default: break
            }
        }
        document.components.append(component)
    }

    private mutating func readInitializer(_ node: xmlNodePtr) -> InitializerDefinition? {
        let here = location(of: node)
        let values = attributes(of: node, allowed: Grammar.initializerAttributes)
        let selector = required("selector", in: values, of: node)
        var arguments: [ArgumentDefinition] = []
        for child in elements(under: node) where known(child, allowed: Grammar.initializerChildren, parent: "initializer") == "argument" {
            if let argument = readArgument(child) { arguments.append(argument) }
        }
        guard let selector else { return nil }
        return InitializerDefinition(selector: selector, isClassMethod: values["is-class-method"], arguments: arguments,
                                     location: here)
    }

    private mutating func readArgument(_ node: xmlNodePtr) -> ArgumentDefinition? {
        let here = location(of: node)
        let values = attributes(of: node, allowed: Grammar.argumentAttributes)
        if values["parameterName"] == nil && values["index"] == nil {
            report(.missingAttribute, "<argument> needs 'parameterName' or 'index'", at: here)
        }
        guard let value = readValue(node, values, requiredType: values["required-class"], optional: false) else { return nil }
        return ArgumentDefinition(parameterName: values["parameterName"], index: values["index"], value: value,
                                  location: here)
    }

    private mutating func readProperty(_ node: xmlNodePtr) -> PropertyDefinition? {
        let here = location(of: node)
        let values = attributes(of: node, allowed: Grammar.propertyAttributes)
        let propertyName = required("name", in: values, of: node)
        guard let value = readValue(node, values, requiredType: nil, optional: true), let propertyName else { return nil }
        return PropertyDefinition(name: propertyName, value: value, location: here)
    }

    /// The value of an argument, property or entry: exactly one of `ref=`,
    /// `value=`, `<collection>` or `<null/>`; none autowires when `optional`.
    private mutating func readValue(
        _ node: xmlNodePtr, _ values: Attributes, requiredType: AttributeValue?, optional: Bool
    ) -> InjectedValue? {
        var found: [InjectedValue] = []
        if let reference = values["ref"] { found.append(.reference(reference)) }
        if let text = values["value"] { found.append(.text(text, requiredType: requiredType)) }
        for child in elements(under: node) {
            switch known(child, allowed: Grammar.valueChildren, parent: name(of: node)) {
            case "collection": found.append(.collection(readCollection(child)))
            case "null":
                let at = location(of: child)
                _ = attributes(of: child, allowed: Grammar.none)
                found.append(.null(at))
            default: break
            }
        }
        switch found.count {
        case 1:
            return found[0]
        case 0 where optional:
            return .autowired
        case 0:
            report(.missingAttribute, "<\(name(of: node))> needs 'ref', 'value', a <collection> or <null/>", at: location(of: node))
            return nil
        default:
            let both = values["ref"] != nil && values["value"] != nil
            report(.invalidAttributeValue,
                   both ? "<\(name(of: node))> has both 'ref' and 'value'; keep one"
                        : "<\(name(of: node))> has more than one of 'ref', 'value', <collection> and <null/>; keep one",
                   at: values["value"]?.location ?? location(of: node))
            return nil
        }
    }

    private mutating func readCollection(_ node: xmlNodePtr) -> CollectionDefinition {
        let here = location(of: node)
        let values = attributes(of: node, allowed: Grammar.typedAttributes)
        var items: [CollectionItem] = []
        for child in elements(under: node) {
            switch known(child, allowed: Grammar.collectionChildren, parent: "collection") {
            case "ref":
                let at = location(of: child)
                _ = attributes(of: child, allowed: Grammar.none)
                let key = String(Substring(text(of: child)).trimmingWhitespace())
                items.append(.reference(AttributeValue(key, at: at)))
            case "value":
                let at = location(of: child)
                let attributes = attributes(of: child, allowed: Grammar.typedAttributes)
                items.append(.value(AttributeValue(text(of: child), at: at), requiredType: attributes["requiredType"]))
            case "entry":
                let attributes = attributes(of: child, allowed: Grammar.entryAttributes)
                if let key = required("key", in: attributes, of: child),
                   let value = readValue(child, attributes, requiredType: nil, optional: false) {
                    items.append(.entry(key: key, value: value))
                }
            case "null":
                let at = location(of: child)
                _ = attributes(of: child, allowed: Grammar.none)
                items.append(.null(at))
            default: break
            }
        }
        return CollectionDefinition(kindAttribute: values["requiredType"], items: items, location: here)
    }
}

/// The attributes of one element, in the order written: a handful at most,
/// so a list beats a dictionary.
private struct Attributes {
    var values: [(name: String, value: AttributeValue)] = []

    subscript(name: String) -> AttributeValue? {
        values.first { $0.name == name }?.value
    }
}

/// The element children of a node, walked by the tree's own links.
private struct ElementChildren: Sequence, IteratorProtocol {
    private var upcoming: xmlNodePtr?

    init(first: xmlNodePtr?) {
        upcoming = first
    }

    mutating func next() -> xmlNodePtr? {
        while let current = upcoming {
            upcoming = current.pointee.next
            if current.pointee.type == XML_ELEMENT_NODE { return current }
        }
        return nil
    }
}

/// The names the grammar allows, element by element, built once.
private enum Grammar {
    static let none: [String] = []
    static let root = ["assembly"]
    static let assemblyChildren = ["description", "property-placeholder", "import", "component", "profile"]
    static let placeholderAttributes = ["location"]
    static let importAttributes = ["resource"]
    static let profileAttributes = ["name"]
    static let profileChildren = ["description", "component"]
    static let componentAttributes = [
        "class", "key", "scope", "lazy-init", "parent", "abstract", "factory-component",
        "before-property-injection", "after-property-injection", "init-method", "destroy-method", "profile",
    ]
    static let componentChildren = ["description", "initializer", "property"]
    static let initializerAttributes = ["selector", "is-class-method"]
    static let initializerChildren = ["description", "argument"]
    static let argumentAttributes = ["parameterName", "index", "ref", "value", "required-class"]
    static let propertyAttributes = ["name", "ref", "value"]
    static let valueChildren = ["description", "collection", "null"]
    static let typedAttributes = ["requiredType"]
    static let collectionChildren = ["description", "ref", "value", "entry", "null"]
    static let entryAttributes = ["key", "ref", "value"]
}
