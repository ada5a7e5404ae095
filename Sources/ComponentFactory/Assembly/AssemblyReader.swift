import CLibXML2

/// Reads one assembly file into an ``AssemblyDocument``: libxml2 parses it
/// as a stream of SAX events, and ``AssemblyBuilder`` assembles plain
/// definitions from them, each with its file, line and column. No XML tree is
/// built.
///
/// The grammar is Typhoon 1.x's, in its namespace or in none, plus `import`,
/// `profile`, `abstract`, `init-method`, `destroy-method`, `<entry>` and
/// `<null/>`. An unknown element or attribute is an error with a "did you
/// mean"; so is a node with both `ref` and `value`, and an argument with
/// neither `parameterName` nor `index`. Attribute values such as `scope`
/// are kept as written and checked by ``AssemblyValidator``.
///
/// The parser options are fixed: no network, no entity substitution, no DTD
/// loading, never `XML_PARSE_HUGE`. An entity declaration stops the parse at
/// once with `xml-entity`, so neither XXE nor an entity bomb is expanded.
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

    /// Reads `bytes`. With `checkSchema`, a file that reads clean is also
    /// validated against ``AssemblySchema`` (ordering and counts).
    public static func read(bytes: [UInt8], file: String, checkSchema: Bool = false) -> Reading {
        LibXMLInitialization.once()
        func refused(_ message: String, line: Int = 1) -> Reading {
            Reading(document: AssemblyDocument(file: file), diagnostics: [Diagnostic(.malformedXML, message, at: SourceLocation(file: file, line: line))])
        }
        guard bytes.count <= LibXMLDocument.maximumSize else {
            return refused("file is larger than \(LibXMLDocument.maximumSize >> 20) MiB")
        }
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            return refused("the file is empty; an assembly needs an <assembly> root element")
        }
        if let crowded = AttributeBound.firstElementOverLimit(in: bytes) {
            return refused("an element has more than \(AttributeBound.maximumAttributes) attributes", line: crowded.line)
        }
        var builder = AssemblyBuilder(file: file, bytes: bytes)
        if let failure = stream(bytes, file: file, into: &builder) {
            return Reading(document: AssemblyDocument(file: file), diagnostics: [failure])
        }
        var diagnostics = builder.diagnostics
        if checkSchema && diagnostics.isEmpty {
            do {
                diagnostics += AssemblySchema.validate(try LibXMLDocument.parse(bytes, file: file), file: file)
            } catch {
                diagnostics.append(error)
            }
        }
        return Reading(document: builder.document, diagnostics: diagnostics)
    }

    /// libxml2 is fed this many bytes at a time, so that a document of any
    /// size up to the limit parses (one call over 10 MB is "Huge input lookup").
    static let chunkSize = 1 << 20

    /// Feeds `bytes` through libxml2's push parser into `builder`, a chunk
    /// at a time; returns the diagnostic that ended a malformed or refused
    /// document. libxml2's own messages come here, never to standard error.
    private static func stream(_ bytes: [UInt8], file: String, into builder: inout AssemblyBuilder) -> Diagnostic? {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.characters = characters
        handler.cdataBlock = characters
        handler.entityDecl = refuseEntity
        handler.serror = ignoreError  // the context keeps the last error; nothing is printed
        return withUnsafeMutablePointer(to: &builder) { target -> Diagnostic? in
            // The callbacks reach the builder through this pointer, which is
            // valid for the whole parse: it runs inside this closure.
            guard let parser = xmlCreatePushParserCtxt(&handler, target, nil, 0, file) else {
                return Diagnostic(.malformedXML, "libxml2 could not create a parser", at: SourceLocation(file: file, line: 1))
            }
            defer {
                // A declaration in the document (such as a refused entity) makes libxml2 start a tree it does not free.
                if let partial = parser.pointee.myDoc {
                    xmlFreeDoc(partial)
                    parser.pointee.myDoc = nil
                }
                xmlFreeParserCtxt(parser)
            }
            _ = xmlCtxtUseOptions(parser, LibXMLDocument.options)
            target.pointee.parser = parser
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                    var offset = 0
                    while offset < buffer.count && target.pointee.failure == nil {
                        let count = min(chunkSize, buffer.count - offset)
                        _ = xmlParseChunk(parser, start + offset, Int32(count), 0)
                        offset += count
                    }
                    _ = xmlParseChunk(parser, nil, 0, 1)
                }
            }
            target.pointee.parser = nil
            if let failure = target.pointee.failure { return failure }
            guard parser.pointee.wellFormed != 0 else {
                return LibXMLDocument.malformed(xmlCtxtGetLastError(parser), file: file)
            }
            return nil
        }
    }
}

private func builder(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<AssemblyBuilder>? {
    context?.assumingMemoryBound(to: AssemblyBuilder.self)
}

private let startElement: startElementNsSAX2Func = { context, localName, _, namespace, _, _, attributeCount, _, attributes in
    guard let builder = builder(context), let localName else { return }
    builder.pointee.start(name: localName, namespace: namespace,
                          attributes: UnsafePointer(attributes), count: Int(attributeCount))
}

private let endElement: endElementNsSAX2Func = { context, _, _, _ in
    builder(context)?.pointee.end()
}

private let characters: charactersSAXFunc = { context, bytes, length in
    guard let bytes, length > 0 else { return }
    builder(context)?.pointee.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
}

private let ignoreError: xmlStructuredErrorFunc = { _, _ in }

private let refuseEntity: entityDeclSAXFunc = { context, name, _, _, _, _ in
    guard let builder = builder(context), let parser = builder.pointee.parser else { return }
    let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 1
    let entity = name.map { String(cString: $0) } ?? "?"
    builder.pointee.stop(Diagnostic(.xmlEntity, "the document declares the entity '\(entity)'; assemblies may not declare entities",
                                    at: SourceLocation(file: builder.pointee.file, line: line)))
}
