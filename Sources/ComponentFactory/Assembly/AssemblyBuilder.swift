import CLibXML2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns libxml2's SAX events for one file into an ``AssemblyDocument``,
/// checking the grammar as it goes. No tree is built: each element's
/// definition is assembled between its start and end tags.
///
/// Positions come from ``XMLSourceMap``: every start tag, known or not, takes
/// the next `<` of the bytes, so element and attribute columns are exact.
struct AssemblyBuilder {
    typealias Element = AssemblyGrammar.Element

    /// An open element, with where it starts.
    private struct Open {
        var element: Element
        var location: SourceLocation
        /// Child elements started inside it so far: a `<description>` must be the first.
        var children = 0
        /// Whether text was found in it where the grammar allows none (reported once).
        var hadText = false
    }

    /// An argument, property or entry being read: its attributes, and the
    /// `<collection>` or `<null/>` children seen so far.
    private struct Holder {
        var element: Element
        var attributes: Attributes
        var location: SourceLocation
        var children: [InjectedValue] = []
    }

    /// A `<component>` being read: its attributes, then its initializer and
    /// properties as each closes. It becomes a definition, made in one go, when it closes.
    private struct ComponentInProgress {
        let key: String
        let location: SourceLocation
        let attributes: [(name: AssemblyGrammar.Attribute, value: AttributeValue)]
        var initializer: InitializerDefinition?
        var properties: [PropertyDefinition] = []
    }

    private struct CollectionInProgress {
        var kindAttribute: AttributeValue?
        var items: [CollectionItem] = []
        var location: SourceLocation
    }

    private var map: XMLSourceMap
    let file: String
    /// The file's name without its directory, for the keys of components that have none.
    private let baseName: String
    private(set) var document: AssemblyDocument
    private(set) var diagnostics: [Diagnostic] = []
    /// What stopped the parse early: an entity declaration, or nesting
    /// deeper than ``maximumDepth``.
    var failure: Diagnostic?
    /// The parser feeding this builder, while it runs, so that the builder
    /// can stop it.
    var parser: xmlParserCtxtPtr?
    /// libxml2 bounds nesting only when it builds a tree; a stream must be
    /// bounded here. The grammar itself needs fewer than ten levels.
    static let maximumDepth = 256

    private var open: [Open] = []
    /// Depth inside an element whose content is not read (description, unknown).
    private var skipping = 0
    private var profiles: [AttributeValue] = []
    private var component: ComponentInProgress?
    private var initializer: InitializerDefinition?
    private var holders: [Holder] = []
    private var collections: [CollectionInProgress] = []
    private var text: [UInt8] = []
    private var textAttributes = Attributes()
    private var offsets: [Int] = []

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.baseName = file.split(separator: "/").last.map(String.init) ?? file
        self.map = XMLSourceMap(file: file, bytes: bytes)
        self.document = AssemblyDocument(file: file)
    }

    /// Ends the parse with `diagnostic`; the first reason wins.
    mutating func stop(_ diagnostic: Diagnostic) {
        if failure == nil { failure = diagnostic }
        if let parser { xmlStopParser(parser) }
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(code, message, at: location))
    }

    // MARK: Events

    /// A start tag. `attributes` holds libxml2's five pointers per attribute:
    /// local name, prefix, namespace, value start, value end.
    mutating func start(name rawName: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?, attributes: UnsafePointer<UnsafePointer<UInt8>?>?, count: Int) {
        let offset = map.nextStartTag()
        if open.count + skipping >= Self.maximumDepth {
            let location = offset.map { map.location(ofOffset: $0) } ?? SourceLocation(file: file, line: 1)
            stop(Diagnostic(.malformedXML, "elements nest more than \(Self.maximumDepth) levels deep", at: location))
            return
        }
        if skipping > 0 {
            skipping += 1
            return
        }
        let location = offset.map { map.location(ofOffset: $0) } ?? SourceLocation(file: file, line: 1)
        let parent = open.last?.element
        let known = AssemblyGrammar.element(named: rawName)
        var name: String { known?.rawValue ?? String(cString: rawName) }
        if let namespace, !Self.isOwnNamespace(namespace) {
            report(.unknownElement, "element <\(name)> is in the namespace '\(String(cString: namespace))'; use '\(AssemblyReader.namespace)' or none",
                   at: location)
            skipping = 1
            return
        }
        guard let element = known, AssemblyGrammar.allows(element, in: parent) else {
            report(.unknownElement, "unknown element <\(name)> in <\(parent?.rawValue ?? "document")>"
                       + SpellingSuggestions.didYouMean(name, among: AssemblyGrammar.children(of: parent).map(\.rawValue)),
                   at: location)
            skipping = 1
            return
        }
        if !open.isEmpty {
            open[open.count - 1].children += 1
        }
        if element == .description {
            // As the schema says: at most one description, before any other child.
            if let parent, let siblings = open.last?.children, siblings > 1 {
                report(.schema, "<description> comes first in <\(parent.rawValue)>, and only once", at: location)
            }
            skipping = 1
            return
        }
        let values = readAttributes(of: element, attributes, count: count, tagOffset: offset, fallback: location)
        open.append(Open(element: element, location: location))
        switch element {
        case .assembly, .description:
            break
        case .propertyPlaceholder:
            if let list = required(.location, in: values, of: element, at: location) {
                let locations = list.text.split(separator: ",")
                    .map { AttributeValue(String($0.trimmingWhitespace()), at: list.location) }
                    .filter { !$0.text.isEmpty }
                document.placeholders.append(.init(locations: locations, location: location))
            }
        case .appProperty:
            // An empty prefix would cover every key: it is refused, as an empty key is.
            switch (values[.key].flatMap { $0.text.isEmpty ? nil : $0 }, values[.prefix].flatMap { $0.text.isEmpty ? nil : $0 }) {
            case (let key?, nil): document.appProperties.append(.init(name: key, isPrefix: false, location: location))
            case (nil, let prefix?): document.appProperties.append(.init(name: prefix, isPrefix: true, location: location))
            default: report(.missingAttribute, "<app-property> needs a non-empty 'key' or 'prefix', not both", at: location)
            }
        case .serviceGroup:
            document.serviceGroups.append(.init(gracefulShutdownTimeout: values[.gracefulShutdownTimeout],
                                                cancellationTimeout: values[.cancellationTimeout], location: location))
        case .import:
            if let resource = required(.resource, in: values, of: element, at: location) {
                document.imports.append(.init(resource: resource, location: location))
            }
        case .alias:
            let name = required(.name, in: values, of: element, at: location)
            let alias = required(.alias, in: values, of: element, at: location)
            if let name, let alias {
                document.aliases.append(.init(name: name, alias: alias, location: location))
            }
        case .profile:
            guard let expression = required(.name, in: values, of: element, at: location) else {
                open.removeLast()
                skipping = 1
                return
            }
            profiles.append(expression)
        case .component:
            component = makeComponent(values, at: location)
        case .initializer:
            if component?.initializer != nil {
                report(.schema, "<component> has more than one <initializer>", at: location)
                open.removeLast()
                skipping = 1
                return
            }
            initializer = values[.selector].map {
                InitializerDefinition(selector: $0, isClassMethod: values[.isClassMethod], arguments: [], location: location)
            }
            if initializer == nil { _ = required(.selector, in: values, of: element, at: location) }
        case .argument:
            if values[.parameterName] == nil && values[.index] == nil {
                report(.missingAttribute, "<argument> needs 'parameterName' or 'index'", at: location)
            }
            holders.append(Holder(element: element, attributes: values, location: location))
        case .property:
            _ = required(.name, in: values, of: element, at: location)
            holders.append(Holder(element: element, attributes: values, location: location))
        case .entry:
            _ = required(.key, in: values, of: element, at: location)
            holders.append(Holder(element: element, attributes: values, location: location))
        case .collection:
            collections.append(CollectionInProgress(kindAttribute: values[.requiredType], location: location))
        case .ref, .value:
            text.removeAll(keepingCapacity: true)
            textAttributes = values
        case .null:
            break
        }
    }

    /// Text inside the current element; only `<ref>` and `<value>` keep it.
    /// Anywhere else but a `<description>` (whose content is skipped), text
    /// other than white space is refused, as the schema refuses it.
    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard skipping == 0, let current = open.last else { return }
        if current.element == .ref || current.element == .value {
            text.append(contentsOf: bytes)
        } else if !current.hadText, bytes.contains(where: { !AssemblyGrammar.isWhiteSpace($0) }) {
            open[open.count - 1].hadText = true
            report(.schema, "<\(current.element.rawValue)> holds no text; only <description>, <ref> and <value> do",
                   at: current.location)
        }
    }

    mutating func end() {
        if skipping > 0 {
            skipping -= 1
            return
        }
        guard let closing = open.popLast() else { return }
        switch closing.element {
        case .assembly, .description, .propertyPlaceholder, .appProperty, .serviceGroup, .import, .alias:
            break
        case .profile:
            profiles.removeLast()
        case .component:
            if let finished = component.take() {
                document.components.append(ComponentDefinition(
                    key: finished.key, location: finished.location, attributes: finished.attributes,
                    initializer: finished.initializer, properties: finished.properties, enclosingProfiles: profiles))
            }
        case .initializer:
            if let finished = initializer.take() { component?.initializer = finished }
        case .argument:
            guard let holder = holders.popLast(), let value = value(of: holder, optional: true) else { return }
            initializer?.arguments.append(ArgumentDefinition(
                parameterName: holder.attributes[.parameterName], index: holder.attributes[.index], value: value,
                location: holder.location))
        case .property:
            guard let holder = holders.popLast(), let value = value(of: holder, optional: true),
                  let name = holder.attributes[.name] else { return }
            component?.properties.append(PropertyDefinition(name: name, value: value, location: holder.location))
        case .entry:
            guard let holder = holders.popLast(), let key = holder.attributes[.key],
                  let value = value(of: holder, optional: false), !collections.isEmpty else { return }
            collections[collections.count - 1].items.append(.entry(key: key, value: value))
        case .collection:
            guard let finished = collections.popLast(), !holders.isEmpty else { return }
            holders[holders.count - 1].children.append(.collection(CollectionDefinition(
                kindAttribute: finished.kindAttribute, items: finished.items, location: finished.location)))
        case .ref:
            let key = String(Substring(String(decoding: text, as: UTF8.self)).trimmingWhitespace())
            appendItem(.reference(AttributeValue(key, at: closing.location)))
        case .value:
            appendItem(.value(AttributeValue(String(decoding: text, as: UTF8.self), at: closing.location),
                              requiredType: textAttributes[.requiredType]))
        case .null:
            if open.last?.element == .collection {
                appendItem(.null(closing.location))
            } else if !holders.isEmpty {
                holders[holders.count - 1].children.append(.null(closing.location))
            }
        }
    }

    // MARK: Building

    private mutating func appendItem(_ item: CollectionItem) {
        guard !collections.isEmpty else { return }
        collections[collections.count - 1].items.append(item)
    }

    private func makeComponent(_ values: Attributes, at location: SourceLocation) -> ComponentInProgress {
        let key = values[.key]?.text ?? "\(values[.class]?.text ?? "component")@\(baseName):\(location.line)"
        return ComponentInProgress(key: key, location: location, attributes: values.values)
    }

    /// The value of an argument, property or entry: exactly one of `ref=`,
    /// `value=`, `<collection>` or `<null/>`; none autowires when `optional`
    /// (a property or an argument, found by type).
    private mutating func value(of holder: Holder, optional: Bool) -> InjectedValue? {
        let reference = holder.attributes[.ref]
        let text = holder.attributes[.value]
        switch (reference == nil ? 0 : 1) + (text == nil ? 0 : 1) + holder.children.count {
        case 1:
            if let reference { return .reference(reference) }
            if let text { return .text(text, requiredType: holder.element == .argument ? holder.attributes[.requiredClass] : nil) }
            return holder.children.first
        case 0 where optional:
            return .autowired
        case 0:
            report(.missingAttribute, "<\(holder.element.rawValue)> needs 'ref', 'value', a <collection> or <null/>",
                   at: holder.location)
            return nil
        default:
            let both = reference != nil && text != nil
            report(.invalidAttributeValue,
                   both ? "<\(holder.element.rawValue)> has both 'ref' and 'value'; keep one"
                        : "<\(holder.element.rawValue)> has more than one of 'ref', 'value', <collection> and <null/>; keep one",
                   at: text?.location ?? holder.location)
            return nil
        }
    }

    private mutating func required(_ attribute: AssemblyGrammar.Attribute, in values: Attributes, of element: Element,
                                   at location: SourceLocation) -> AttributeValue? {
        if let value = values[attribute] { return value }
        report(.missingAttribute, "<\(element.rawValue)> needs the attribute '\(attribute.rawValue)'", at: location)
        return nil
    }

    /// The element's attributes that the grammar allows, each with its exact
    /// position; any other, outside the XML Schema instance and other foreign
    /// namespaces, is `unknown-attribute`.
    private mutating func readAttributes(
        of element: Element, _ raw: UnsafePointer<UnsafePointer<UInt8>?>?, count: Int, tagOffset: Int?, fallback: SourceLocation
    ) -> Attributes {
        var result = Attributes()
        guard let raw, count > 0 else { return result }
        if let tagOffset {
            map.attributeOffsets(inTagAt: tagOffset, into: &offsets)
        } else {
            offsets.removeAll(keepingCapacity: true)
        }
        let allowed = AssemblyGrammar.attributes(of: element)
        result.values.reserveCapacity(count)
        for position in 0..<count {
            let base = position * 5
            if let namespace = raw[base + 2], !Self.isOwnNamespace(namespace) { continue }
            guard let localName = raw[base], let start = raw[base + 3], let end = raw[base + 4] else { continue }
            let location = position < offsets.count ? map.location(ofOffset: offsets[position]) : fallback
            let cName = UnsafeRawPointer(localName).assumingMemoryBound(to: CChar.self)
            // The first byte settles most mismatches without a call.
            guard let name = allowed.first(where: { $0.cName[0] == cName[0] && strcmp(cName, $0.cName) == 0 })?.attribute else {
                let name = String(cString: localName)
                report(.unknownAttribute, "unknown attribute '\(name)' on <\(element.rawValue)>"
                           + SpellingSuggestions.didYouMean(name, among: allowed.map(\.attribute.rawValue)), at: location)
                continue
            }
            let length = start.distance(to: end)
            var value = String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
            if memchr(start, 0x26, length) != nil {
                // Without entity substitution libxml2 hands `&` on as the text
                // `&#38;` (its tree builder decodes it later); no other `&`
                // can be in the value, so this is exact.
                value = value.replacing("&#38;", with: "&")
            }
            result.values.append((name, AttributeValue(value, at: location)))
        }
        return result
    }

    private static let ownNamespace: [UInt8] = Array(AssemblyReader.namespace.utf8) + [0]

    /// Typhoon's namespace, compared byte by byte with no String built.
    private static func isOwnNamespace(_ namespace: UnsafePointer<UInt8>) -> Bool {
        var index = 0
        for byte in ownNamespace {
            if namespace[index] != byte { return false }
            index += 1
        }
        return true
    }
}

/// The attributes of one element, in the order written: a handful at most,
/// so a list beats a dictionary.
struct Attributes {
    var values: [(name: AssemblyGrammar.Attribute, value: AttributeValue)] = []

    subscript(name: AssemblyGrammar.Attribute) -> AttributeValue? {
        values.first { $0.name == name }?.value
    }
}
