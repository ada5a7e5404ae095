@_spi(Tooling) import ComponentFactory
import Foundation
import JavaProperties
import SystemSupport

/// `factory lsp`: a Language Server Protocol 3.17 server for assemblies,
/// built on the project's own reader, validator and configuration code.
///
/// It takes one JSON-RPC message body at a time and returns the bodies to
/// send, so that it runs the same over stdio and in tests. Open documents'
/// unsaved text is what gets checked; every environment of the config root is
/// checked after each change, and each file's diagnostics are published.
///
/// It checks what the tool's other commands check by default: the
/// ``ToolEnvironment``'s assemblies and config root, taken relative to the
/// workspace root, with its registry when the tool is an app's own.
///
/// ```swift
/// let server = LanguageServer(environment: ToolEnvironment())
/// let replies = server.handle(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///app"}}"#.utf8))
/// ```
public final class LanguageServer {
    private let environment: ToolEnvironment
    private var registry: ComponentRegistry? { environment.registry }
    private var root: String?
    private var open: [String: TextDocument] = [:]
    private var published: Set<String> = []
    private var shutdownRequested = false
    /// The last check's components and configurations, for completion, definition and hover.
    private var components: [ComponentDefinition] = []
    /// Each environment's configuration, from the last check.
    private var configurations: [(environment: String?, configuration: Configuration)] {
        validations.compactMap { validation in validation.configuration.map { (validation.environment, $0) } }
    }
    /// What the last check read, for the requests in `.properties` files.
    /// The last check's validations, whose read keys are gathered only when a completion asks.
    private var validations: [EnvironmentBuild] = []
    private var manifestInputs: (assemblies: AssemblySet, loader: ConfigurationLoader)?
    private var cachedManifest: PropertyManifest?
    /// Files read from disk for positions since the last check, so that each is read once per check.
    private var onDisk: [String: TextDocument] = [:]
    /// Set by `exit`: 0 after `shutdown`, 1 without.
    public private(set) var exitStatus: Int32?

    /// A server that checks `environment`'s default assemblies against its
    /// default config root, with its registry's knowledge when it has one; it waits for `initialize`.
    public init(environment: ToolEnvironment) {
        self.environment = environment
    }

    // MARK: Messages

    /// Handles one message body and returns the bodies to send. Malformed
    /// JSON and unknown methods get JSON-RPC errors; nothing throws.
    public func handle(_ body: [UInt8]) -> [[UInt8]] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)), let message = object as? [String: Any] else {
            return [Self.error(id: NSNull(), code: -32700, message: "the message is not a JSON object")]
        }
        let id = message["id"]
        guard let method = message["method"] as? String else {
            return id == nil ? [] : [Self.error(id: id ?? NSNull(), code: -32600, message: "a request needs a method")]
        }
        let params = message["params"] as? [String: Any] ?? [:]
        if root == nil && method != "initialize" && method != "exit" {
            return id.map { [Self.error(id: $0, code: -32002, message: "the server is not initialized")] } ?? []
        }
        switch method {
        case "initialize":
            root = Self.path(ofURI: params["rootUri"] as? String) ?? params["rootPath"] as? String ?? FileManager.default.currentDirectoryPath
            return [Self.result(id: id, Self.capabilities)]
        case "initialized":
            return check()
        case "shutdown":
            shutdownRequested = true
            return [Self.result(id: id, NSNull())]
        case "exit":
            exitStatus = shutdownRequested ? 0 : 1
            return []
        case "textDocument/didOpen", "textDocument/didChange", "textDocument/didSave", "textDocument/didClose":
            update(method, params)
            return check()
        case "workspace/didChangeWatchedFiles":
            return check()
        case "textDocument/completion":
            return [Self.result(id: id, request(params).map { $0.isProperties ? propertiesCompletion($0) : completion($0) } ?? [])]
        case "textDocument/definition":
            return [Self.result(id: id, request(params).map(definition) ?? [])]
        case "textDocument/hover":
            return [Self.result(id: id, request(params).flatMap { $0.isProperties ? propertiesHover($0) : hover($0) } ?? NSNull())]
        case "textDocument/references":
            return [Self.result(id: id, request(params).map(references) ?? [])]
        case "textDocument/documentSymbol":
            return [Self.result(id: id, documentSymbols(params))]
        default:
            return id.map { [Self.error(id: $0, code: -32601, message: "unknown method '\(method)'")] } ?? []
        }
    }

    private static var capabilities: [String: Any] {
        [
        "capabilities": [
            "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": true]],
            "completionProvider": ["triggerCharacters": ["<", "\"", "{", " "]],
            "definitionProvider": true,
            "referencesProvider": true,
            "hoverProvider": true,
            "documentSymbolProvider": true,
        ],
        "serverInfo": ["name": "factory lsp"],
        ]
    }

    private func update(_ method: String, _ params: [String: Any]) {
        guard let document = params["textDocument"] as? [String: Any], let path = Self.path(ofURI: document["uri"] as? String) else { return }
        switch method {
        case "textDocument/didOpen":
            if let text = document["text"] as? String { open[path] = TextDocument(text) }
        case "textDocument/didChange":
            // Full sync: the last change holds the whole text.
            if let changes = params["contentChanges"] as? [[String: Any]], let text = changes.last?["text"] as? String {
                open[path] = TextDocument(text)
            }
        case "textDocument/didSave":
            if let text = params["text"] as? String { open[path] = TextDocument(text) }
        default:
            open[path] = nil
        }
    }

    // MARK: Checking

    /// The tool's default assemblies and config root, below the workspace root unless absolute.
    private func inWorkspace(_ path: String) -> String {
        path.hasPrefix("/") ? path : PathRules.join(root ?? ".", path)
    }

    /// Checks every assembly, with open documents' text, for every
    /// environment, and publishes each file's diagnostics (an empty list for
    /// a file that no longer has any).
    private func check() -> [[UInt8]] {
        onDisk = [:]
        let unsaved = open.filter { $0.key.hasSuffix(".xml") }.mapValues(\.bytes)
        let paths = environment.defaultAssemblies.map(inWorkspace).filter { FileManager.default.fileExists(atPath: $0) }
        let loaded = AssemblyLoader.load(paths: paths, unsaved: unsaved)
        components = loaded.assemblies.components
        var report = DiagnosticReport(loaded.assemblies.diagnostics)
        validations = []
        if let root = try? ConfigRoot.scan(inWorkspace(environment.defaultConfig)) {
            var loader = ConfigurationLoader(root: root)
            loader.unsaved = open.filter { $0.key.hasSuffix(".properties") }.mapValues(\.bytes)
            let environments: [String?] = root.environments.isEmpty ? [nil] : root.environments
            let validations = environments.map { environment in
                EnvironmentBuild(assemblies: loaded.assemblies, loader: loader, environment: environment, registry: registry)
            }
            report = EnvironmentBuild.report(loaded.assemblies, validations)
            self.validations = validations
            manifestInputs = (loaded.assemblies, loader)
            cachedManifest = nil
        }
        var byFile: [String: [[String: Any]]] = [:]
        for diagnostic in report.diagnostics {
            guard let location = diagnostic.location else { continue }
            byFile[Self.absolute(location.file), default: []].append(lspDiagnostic(diagnostic, at: location))
        }
        var messages: [[UInt8]] = []
        for file in Set(byFile.keys).union(published).sorted() {
            messages.append(Self.notification("textDocument/publishDiagnostics",
                                              ["uri": Self.uri(ofPath: file), "diagnostics": byFile[file] ?? []]))
        }
        published = Set(byFile.keys)
        return messages
    }

    private func lspDiagnostic(_ diagnostic: Diagnostic, at location: SourceLocation) -> [String: Any] {
        var message = diagnostic.message
        if let environment = diagnostic.environment { message += " (environment: \(environment))" }
        var result: [String: Any] = [
            "range": range(of: location),
            "severity": diagnostic.severity == .error ? 1 : 2,
            "code": diagnostic.code.rawValue,
            "source": "factory",
            "message": message,
        ]
        let related: [[String: Any]] = diagnostic.notes.compactMap { note in
            note.location.map { ["location": ["uri": Self.uri(ofPath: Self.absolute($0.file)), "range": range(of: $0)], "message": note.message] }
        }
        if !related.isEmpty { result["relatedInformation"] = related }
        return result
    }

    /// The LSP range of a location: from its column to the end of the word there.
    private func range(of location: SourceLocation) -> [String: Any] {
        let document = self.document(at: Self.absolute(location.file))
        let start: (line: Int, character: Int) = document?.position(line: location.line, column: location.column)
            ?? (max(location.line - 1, 0), max(location.column - 1, 0))
        var end = start
        if let document {
            let offset = document.offset(line: start.line, character: start.character)
            if let word = document.word(at: offset) {
                // The word from the start onwards, in UTF-16 units.
                end.character += String(decoding: document.bytes[offset..<word.range.upperBound], as: UTF8.self).utf16.count
            }
        }
        return ["start": ["line": start.line, "character": start.character], "end": ["line": end.line, "character": max(end.character, start.character)]]
    }

    /// An open document, or the file on disk, read once per check.
    private func document(at path: String) -> TextDocument? {
        if let document = open[path] ?? onDisk[path] { return document }
        guard let bytes = try? RegularFile.read(path, maximumSize: AssemblyReader.maximumSize) else { return nil }
        let document = TextDocument(String(decoding: bytes, as: UTF8.self))
        onDisk[path] = document
        return document
    }

    // MARK: Requests at a position

    private struct Request {
        var path: String
        var document: TextDocument
        var offset: Int

        /// Whether the request is in a `.properties` file rather than an assembly.
        var isProperties: Bool { path.hasSuffix(".properties") }
    }

    private func request(_ params: [String: Any]) -> Request? {
        guard let textDocument = params["textDocument"] as? [String: Any], let path = Self.path(ofURI: textDocument["uri"] as? String),
              let position = params["position"] as? [String: Any], let line = position["line"] as? Int,
              let character = position["character"] as? Int, let document = document(at: path) else { return nil }
        return Request(path: path, document: document, offset: document.offset(line: line, character: character))
    }

    private func completion(_ request: Request) -> [[String: Any]] {
        func items(_ labels: [String], kind: Int) -> [[String: Any]] {
            labels.map { ["label": $0, "kind": kind] }
        }
        switch request.document.context(at: request.offset) {
        case .placeholderKey:
            var keys = Set<String>()
            for (_, configuration) in configurations { keys.formUnion(configuration.keys) }
            return items(keys.sorted(), kind: 21)  // constant
        case .elementName(let parent):
            return items(AssemblyVocabulary.children(of: parent), kind: 10)  // property-like
        case .attributeName(let element):
            return items(AssemblyVocabulary.attributes(of: element), kind: 5)  // field
        case .referenceText:
            return items(componentKeys, kind: 18)  // reference
        case .attributeValue(let element, let attribute, let ancestors):
            let fixed = AssemblyVocabulary.values(of: attribute, on: element)
            if !fixed.isEmpty { return items(fixed, kind: 12) }  // value
            if AssemblyVocabulary.keyAttributes.contains(attribute) { return items(componentKeys, kind: 18) }
            return items(registryValues(element: element, attribute: attribute, ancestors: ancestors), kind: 7)  // class
        case .none:
            return []
        }
    }

    // MARK: `.properties` files

    /// In a key: the keys that something reads, to complete it with.
    private func propertiesCompletion(_ request: Request) -> [[String: Any]] {
        guard request.document.propertyKey(at: request.offset) != nil else { return [] }
        let keys = validations.count == 1 ? validations[0].keysRead : Set(validations.flatMap(\.keysRead)).sorted()
        return keys.map { ["label": $0, "kind": 21] }  // constant
    }

    /// On a key: its manifest entry, with its readers, their types, and its value in every environment.
    private func propertiesHover(_ request: Request) -> [String: Any]? {
        guard let key = request.document.propertyKey(at: request.offset) else { return nil }
        guard let entry = manifest()?.keys.first(where: { $0.key == key }) else {
            return ["contents": ["kind": "markdown", "value": "**\(key)**\n\nNothing sets this key in a file of the config root."]]
        }
        return ["contents": ["kind": "markdown", "value": ManifestText.section(entry, title: "**\(key)**", root: root)]]
    }

    /// From a key in a `.properties` file: each placeholder that reads it.
    private func references(_ request: Request) -> [[String: Any]] {
        guard request.isProperties, let key = request.document.propertyKey(at: request.offset),
              let entry = manifest()?.keys.first(where: { $0.key == key }) else { return [] }
        return entry.readers.compactMap(\.location).map(lspLocation)
    }

    /// The manifest of what the last check read, made when first asked for.
    private func manifest() -> PropertyManifest? {
        if let cachedManifest { return cachedManifest }
        guard let (assemblies, loader) = manifestInputs else { return nil }
        cachedManifest = try? PropertyManifest(assemblies: assemblies, loader: loader, registry: registry)
        return cachedManifest
    }

    private var componentKeys: [String] {
        Array(Set(components.filter { $0.keyAttribute != nil }.map(\.key))).sorted()
    }

    /// With a registry: class names, a class's properties and selectors, a selector's parameter names.
    private func registryValues(element: String, attribute: String, ancestors: [TextDocument.Tag]) -> [String] {
        guard let registry else { return [] }
        let className = ancestors.last { $0.name == "component" }?.attributes["class"]
        let registration = className.flatMap { registry.registration(named: $0) }
        switch (element, attribute) {
        case ("component", "class"): return registry.names
        case ("property", "name"): return registration.map { $0.properties.keys.sorted() } ?? []
        case ("initializer", "selector"): return registration.map { Array($0.initializers.keys).sorted() } ?? []
        case ("argument", "parameterName"):
            let selector = ancestors.last { $0.name == "initializer" }?.attributes["selector"] ?? ""
            return SelectorParameters.names(of: selector)
        default: return []
        }
    }

    /// With a registry: the Swift type of the property or parameter that `name` names.
    private func registeredType(of name: String, element: String, attribute: String, ancestors: [TextDocument.Tag]) -> String? {
        guard let registry, let className = ancestors.last(where: { $0.name == "component" })?.attributes["class"],
              let registration = registry.registration(named: className) else { return nil }
        switch (element, attribute) {
        case ("property", "name"):
            return registration.properties[name]?.type.description
        case ("argument", "parameterName"):
            let selector = ancestors.last { $0.name == "initializer" }?.attributes["selector"] ?? ""
            let initializer = registration.initializers[selector] ?? registration.factoryMethods[selector]
            return initializer?.parameters.first { $0.name == name }?.type.description
        default:
            return nil
        }
    }

    private func definition(_ request: Request) -> [[String: Any]] {
        if let key = request.document.placeholder(at: request.offset) {
            return propertyLocations(of: key).map(lspLocation)
        }
        guard let word = request.document.word(at: request.offset) else { return [] }
        if case .attributeValue(_, let attribute, _) = request.document.context(at: word.range.lowerBound), attribute == "resource" {
            let path = PathRules.join(PathRules.directory(of: request.path), word.text)
            return [["uri": Self.uri(ofPath: path), "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]]]
        }
        return components.filter { $0.key == word.text }.prefix(1).map { lspLocation($0.keyAttribute?.location ?? $0.location) }
    }

    /// Each `.properties` line that defines `key`, in any environment.
    private func propertyLocations(of key: String) -> [SourceLocation] {
        var seen = Set<SourceLocation>()
        var result: [SourceLocation] = []
        for (_, configuration) in configurations {
            for source in configuration.sources {
                if let location = source.property(forKey: key)?.location, seen.insert(location).inserted { result.append(location) }
            }
        }
        return result
    }

    private func lspLocation(_ location: SourceLocation) -> [String: Any] {
        ["uri": Self.uri(ofPath: Self.absolute(location.file)), "range": range(of: location)]
    }

    private func hover(_ request: Request) -> [String: Any]? {
        if let word = request.document.word(at: request.offset),
           case .attributeValue(let element, let attribute, let ancestors) = request.document.context(at: word.range.lowerBound),
           let type = registeredType(of: word.text, element: element, attribute: attribute, ancestors: ancestors) {
            return ["contents": ["kind": "markdown", "value": "**\(word.text)**: `\(type)`"]]
        }
        let key = request.document.placeholder(at: request.offset)
        let text: String
        if let key {
            text = "${\(key)}"
        } else if let word = request.document.word(at: request.offset),
                  case .attributeValue(_, "value", _) = request.document.context(at: word.range.lowerBound) {
            text = word.text
        } else {
            return nil
        }
        var lines: [String] = []
        for (environment, configuration) in configurations {
            var resolver = PlaceholderResolver(configuration: configuration)
            var provenance = PlaceholderResolver.Provenance()
            let value: String
            do {
                value = try resolver.resolve(text, at: nil, provenance: &provenance)
            } catch {
                value = "unresolved: \(error.message)"
            }
            // The key's name, or a secret that went into the value, makes it secret.
            let shown = provenance.isSecret || key.map(SecretKeys.isSecret) == true ? SecretKeys.mask : value
            lines.append("- \(environment ?? "no environment"): `\(shown)`")
        }
        guard !lines.isEmpty else { return nil }
        return ["contents": ["kind": "markdown", "value": "**\(text)**\n\n" + lines.joined(separator: "\n")]]
    }

    private func documentSymbols(_ params: [String: Any]) -> [[String: Any]] {
        guard let textDocument = params["textDocument"] as? [String: Any], let path = Self.path(ofURI: textDocument["uri"] as? String) else { return [] }
        return components.filter { Self.absolute($0.location.file) == path }.map { component in
            let range = range(of: component.location)
            return ["name": component.key, "detail": component.className?.text ?? "", "kind": 5,  // class
                    "range": range, "selectionRange": range]
        }
    }

    // MARK: JSON-RPC

    private static func result(id: Any?, _ value: Any) -> [UInt8] {
        encode(["jsonrpc": "2.0", "id": id ?? NSNull(), "result": value])
    }

    private static func error(id: Any, code: Int, message: String) -> [UInt8] {
        encode(["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]])
    }

    /// A `window/logMessage` notification, for problems with the stream itself.
    static func logMessage(_ message: String) -> [UInt8] {
        notification("window/logMessage", ["type": 1, "message": message])
    }

    private static func notification(_ method: String, _ params: [String: Any]) -> [UInt8] {
        encode(["jsonrpc": "2.0", "method": method, "params": params])
    }

    private static func encode(_ object: [String: Any]) -> [UInt8] {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])).map(Array.init)
            ?? Array(#"{"jsonrpc":"2.0","method":"window/logMessage","params":{"type":1,"message":"unencodable reply"}}"#.utf8)
    }

    // MARK: Paths

    static func path(ofURI uri: String?) -> String? {
        guard let uri, let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    static func uri(ofPath path: String) -> String {
        URL(fileURLWithPath: path).absoluteString
    }

    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : PathRules.join(FileManager.default.currentDirectoryPath, path)
        return (full as NSString).standardizingPath
    }
}
