/// Writes compiled wiring as text: one entry text (the files, and for each
/// environment its placeholder locations, its plans in order and its aliases)
/// and one text per assembly document (the distinct records of the
/// components written there, each environment's variant once).
///
/// A record is one line of tokens: quoted strings, numbers, and letters that
/// say what follows. Strings escape `\`, `"`, `#` and control characters, so
/// that the text never holds a `#` and can sit in a raw Swift string literal.
/// The same images give the same bytes.
///
/// ```
/// C "knight" 1 0 12 5 singleton 0 0 0 "Knight" i "initWithQuest:" 1 r "quest" 0 0 - - - -
/// ```
@_spi(Tooling)
public struct WiringWriter {
    /// The entry text.
    public private(set) var entry = "wiring \(WiringReader.version)\n"
    /// Each assembly document's text, by its path as the locations give it, for those that define a plan.
    public private(set) var documents: [(file: String, text: String)] = []

    private var fileIndex: [String: Int] = [:]
    private var files: [String] = []

    /// The text of `images`, in their order, with `stamps`.
    public init(_ images: [WiringImage], stamps: WiringStamps = WiringStamps()) {
        // The files first, in the order the images first name them.
        for image in images {
            for location in image.placeholderLocations { _ = file(location.location.file) }
            for structural in image.structural { _ = file(structural.text.location.file) }
            for group in image.serviceGroups {
                _ = file(group.location.file)
                for attribute in [group.gracefulShutdownTimeout, group.cancellationTimeout] { if let attribute { _ = file(attribute.location.file) } }
            }
            for component in image.components { note(component) }
        }
        for file in files { entry += "F " + Self.quoted(file) + "\n" }
        for path in stamps.assemblies { entry += "G " + Self.quoted(path) + "\n" }
        for (path, hash) in stamps.sources.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            entry += "H " + Self.quoted(path) + " \(hash)\n"
        }
        entry += "R \(stamps.registry)\n"
        var recordsByFile: [Int: [String]] = [:]
        var variants: [Int: [String: [String]]] = [:]  // by file, by key: each distinct record
        for image in images {
            entry += "E " + (image.environment.map(Self.quoted) ?? "-") + "\n"
            for location in image.placeholderLocations { entry += "L " + attribute(location) + "\n" }
            for structural in image.structural { entry += "K " + attribute(structural.text) + " \(structural.hash)\n" }
            for group in image.serviceGroups {
                entry += "V " + (group.gracefulShutdownTimeout.map { attribute($0) } ?? "-") + " "
                    + (group.cancellationTimeout.map { attribute($0) } ?? "-") + " " + location(group.location) + "\n"
            }
            for component in image.components {
                let fileIndex = file(component.location.file)
                let body = record(component)
                var known = variants[fileIndex, default: [:]][component.key, default: []]
                let variant: Int
                if let found = known.firstIndex(of: body) {
                    variant = found + 1
                } else {
                    known.append(body)
                    variant = known.count
                    variants[fileIndex, default: [:]][component.key] = known
                    recordsByFile[fileIndex, default: []].append("C " + Self.quoted(component.key) + " \(variant) " + body + "\n")
                }
                entry += "P \(fileIndex) " + Self.quoted(component.key) + " \(variant)\n"
            }
            for (alias, key) in image.aliases.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                entry += "A " + Self.quoted(alias) + " " + Self.quoted(key) + "\n"
            }
        }
        documents = files.indices.compactMap { index in
            recordsByFile[index].map { (files[index], "wiring \(WiringReader.version)\n" + $0.joined()) }
        }
    }

    private mutating func file(_ path: String) -> Int {
        if let known = fileIndex[path] { return known }
        fileIndex[path] = files.count
        files.append(path)
        return files.count - 1
    }

    /// Gives every file a component's record names its index, in order.
    private mutating func note(_ component: WiringImage.Component) {
        _ = file(component.location.file)
        for property in component.properties { _ = file(property.location.file) }
        for attribute in component.attributes { _ = file(attribute.value.location.file) }
        component.forEachSiteText { _ = file($0.location.file) }
    }

    /// A component's record, after its key and variant.
    private mutating func record(_ component: WiringImage.Component) -> String {
        var tokens = [location(component.location), component.scope.rawValue,
                      component.isLazy ? "1" : "0", component.isSeeded ? "1" : "0", component.isReloadable ? "1" : "0",
                      component.type.map(Self.quoted) ?? "-"]
        switch component.maker {
        case .initializer(let selector): tokens += ["i", Self.quoted(selector)]
        case .classMethod(let selector): tokens += ["c", Self.quoted(selector)]
        case .factoryMethod(let selector, let factoryType, let factory):
            tokens += ["f", Self.quoted(selector), Self.quoted(factoryType), Self.quoted(factory)]
        case .seeded: tokens.append("e")
        }
        tokens.append("\(component.arguments.count)")
        for argument in component.arguments { tokens.append(value(argument)) }
        tokens.append("\(component.dependencies.count)")
        tokens += component.dependencies.map(Self.quoted)
        tokens.append("\(component.properties.count)")
        for property in component.properties {
            tokens += [Self.quoted(property.name), value(property.value), location(property.location)]
        }
        tokens += component.callbacks.map { $0.map(Self.quoted) ?? "-" }
        tokens.append("\(component.attributes.count)")
        for attribute in component.attributes { tokens += [Self.quoted(attribute.name), self.attribute(attribute.value)] }
        return tokens.joined(separator: " ")
    }

    /// A value in prefix form; nested as deep as the assembly's collections, which the XML reader bounds.
    private mutating func value(_ value: WiringValue) -> String {
        switch value {
        case .component(let key): return "r " + Self.quoted(key)
        case .site(let text, let hint): return "s " + attribute(text) + " " + (hint.map { attribute($0) } ?? "-")
        case .null: return "n"
        case .settings: return "t"
        case .collection(let items): return "a \(items.count)" + items.map { " " + self.value($0) }.joined()
        case .dictionary(let entries):
            return "d \(entries.count)" + entries.map { " " + attribute($0.key) + " " + self.value($0.value) }.joined()
        }
    }

    private mutating func attribute(_ attribute: AttributeValue) -> String {
        Self.quoted(attribute.text) + " " + location(attribute.location)
    }

    private mutating func location(_ location: SourceLocation) -> String {
        "\(file(location.file)) \(location.line) \(location.column)"
    }

    /// `text` in quotes, escaped so that it holds no `#`, no raw quote and no line break.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "#": result += "\\u{23}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
