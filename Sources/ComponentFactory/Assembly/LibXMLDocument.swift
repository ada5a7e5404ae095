import CLibXML2

/// One XML file parsed by libxml2 with the fixed, safe options of design.md:
/// no network, no entity substitution, no DTD loading, never `XML_PARSE_HUGE`.
///
/// A document that declares any entity is refused as `xml-entity` the moment
/// the declaration is seen: the parser stops, so neither an external entity
/// (XXE) nor an entity bomb is ever expanded.
final class LibXMLDocument {
    let pointer: xmlDocPtr

    private init(pointer: xmlDocPtr) {
        self.pointer = pointer
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// The largest file read, so that a huge input fails fast and plainly.
    static let maximumSize = 64 << 20

    static let options: Int32 = Int32(bitPattern:
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// Parses `bytes`; a malformed document is `malformed-xml` at libxml2's
    /// line and column.
    static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> LibXMLDocument {
        LibXMLInitialization.once()
        guard bytes.count <= maximumSize else {
            throw Diagnostic(.malformedXML, "file is larger than \(maximumSize >> 20) MiB", at: SourceLocation(file: file, line: 1))
        }
        guard let context = xmlNewParserCtxt() else {
            throw Diagnostic(.malformedXML, "libxml2 could not create a parser", at: SourceLocation(file: file, line: 1))
        }
        defer { xmlFreeParserCtxt(context) }
        let guardBox = EntityGuard()
        context.pointee._private = Unmanaged.passUnretained(guardBox).toOpaque()
        context.pointee.sax.pointee.entityDecl = refuseEntityDeclaration
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                xmlCtxtReadMemory(context, start, Int32(buffer.count), file, nil, options)
            }
        }
        if let entity = guardBox.declaration {
            if let document { xmlFreeDoc(document) }
            throw Diagnostic(
                .xmlEntity, "the document declares the entity '\(entity.name)'; assemblies may not declare entities",
                at: SourceLocation(file: file, line: entity.line))
        }
        guard let document, context.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            throw malformed(xmlCtxtGetLastError(context), file: file)
        }
        return LibXMLDocument(pointer: document)
    }

    static func malformed(_ error: xmlErrorPtr?, file: String) -> Diagnostic {
        guard let error else {
            return Diagnostic(.malformedXML, "the document is not well-formed XML", at: SourceLocation(file: file, line: 1))
        }
        let message = error.pointee.message.map { String(cString: $0) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "not well-formed"
        return Diagnostic(.malformedXML, message,
                          at: SourceLocation(file: file, line: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1)))
    }

    /// Validates the document against `schema`; each violation is a `schema`
    /// diagnostic at its line.
    func validate(against schema: String, file: String) -> [Diagnostic] {
        let schemaBytes = Array(schema.utf8)
        let parsed: xmlSchemaPtr? = schemaBytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                guard let parserContext = xmlSchemaNewMemParserCtxt(start, Int32(buffer.count)) else { return nil }
                defer { xmlSchemaFreeParserCtxt(parserContext) }
                return xmlSchemaParse(parserContext)
            }
        }
        guard let parsed, let validation = xmlSchemaNewValidCtxt(parsed) else {
            return [Diagnostic(.schema, "the assembly schema could not be loaded", at: SourceLocation(file: file, line: 1))]
        }
        defer {
            xmlSchemaFreeValidCtxt(validation)
            xmlSchemaFree(parsed)
        }
        let collector = SchemaErrorCollector(file: file)
        xmlSchemaSetValidStructuredErrors(validation, collectSchemaError, Unmanaged.passUnretained(collector).toOpaque())
        _ = xmlSchemaValidateDoc(validation, pointer)
        return collector.diagnostics
    }
}

/// libxml2 must be initialised once before threads use it.
enum LibXMLInitialization {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    static func once() {
        _ = initialized
    }
}

/// What the entity hook saw, read back after the parse.
private final class EntityGuard {
    var declaration: (name: String, line: Int)?
}

private let refuseEntityDeclaration: entityDeclSAXFunc = { context, name, _, _, _, _ in
    guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self),
          let box = parser.pointee._private else { return }
    let entityGuard = Unmanaged<EntityGuard>.fromOpaque(box).takeUnretainedValue()
    if entityGuard.declaration == nil {
        let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 1
        entityGuard.declaration = (name.map { String(cString: $0) } ?? "?", line)
    }
    xmlStopParser(parser)
}

private final class SchemaErrorCollector {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) {
        self.file = file
    }
}

private let collectSchemaError: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    let collector = Unmanaged<SchemaErrorCollector>.fromOpaque(userData).takeUnretainedValue()
    var message = error.pointee.message.map { String(cString: $0) } ?? "does not match the assembly schema"
    while message.last?.isWhitespace == true { message.removeLast() }
    collector.diagnostics.append(Diagnostic(
        .schema, message, at: SourceLocation(file: collector.file, line: max(Int(error.pointee.line), 1))))
}
