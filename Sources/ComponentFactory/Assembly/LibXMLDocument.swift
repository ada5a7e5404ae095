import CLibXML2

/// One XML file parsed by libxml2 into a tree, for the schema check only.
///
/// ``AssemblyReader`` streams every file first, with the fixed options and
/// its refusal of entity declarations; a tree is built only for bytes that
/// stream read cleanly, so the same options suffice here and no second
/// guard is needed.
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

    /// Parses `bytes` that ``AssemblyReader`` has already streamed cleanly; a
    /// malformed document is `malformed-xml` at libxml2's line and column.
    static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> LibXMLDocument {
        LibXMLInitialization.once()
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                xmlReadMemory(start, Int32(buffer.count), file, nil, options)
            }
        }
        guard let document else {
            throw malformed(xmlGetLastError(), file: file)
        }
        return LibXMLDocument(pointer: document)
    }

    static func malformed(_ error: xmlErrorPtr?, file: String) -> Diagnostic {
        guard let error else {
            return Diagnostic(.malformedXML, "the document is not well-formed XML", at: SourceLocation(file: file, line: 1))
        }
        // libxml2 may break its message over lines ("…indicate encoding !\nBytes: …"): a diagnostic is one line.
        let message = error.pointee.message.map { String(cString: $0) }?
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .trimmingCharacters(in: .whitespaces) ?? "not well-formed"
        return Diagnostic(.malformedXML, message,
                          at: SourceLocation(file: file, line: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1)))
    }

    /// Validates the document against `schema`; each violation is a `schema`
    /// diagnostic at its line.
    func validate(against schema: ParsedSchema?, file: String) -> [Diagnostic] {
        guard let schema, let validation = xmlSchemaNewValidCtxt(schema.pointer) else {
            return [Diagnostic(.schema, "the assembly schema could not be loaded", at: SourceLocation(file: file, line: 1))]
        }
        defer { xmlSchemaFreeValidCtxt(validation) }
        let collector = SchemaErrorCollector(file: file)
        xmlSchemaSetValidStructuredErrors(validation, collectSchemaError, Unmanaged.passUnretained(collector).toOpaque())
        _ = xmlSchemaValidateDoc(validation, pointer)
        return collector.diagnostics
    }
}

/// A schema that libxml2 has parsed: read-only once made, so one can serve
/// every validation, on any thread. It lives as long as the process.
final class ParsedSchema: @unchecked Sendable {
    let pointer: xmlSchemaPtr

    private init(pointer: xmlSchemaPtr) {
        self.pointer = pointer
    }

    /// Parses `text`; nil when libxml2 cannot.
    static func parse(_ text: String) -> ParsedSchema? {
        LibXMLInitialization.once()
        let bytes = Array(text.utf8)
        let parsed: xmlSchemaPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                guard let parserContext = xmlSchemaNewMemParserCtxt(start, Int32(buffer.count)) else { return nil }
                defer { xmlSchemaFreeParserCtxt(parserContext) }
                return xmlSchemaParse(parserContext)
            }
        }
        return parsed.map(ParsedSchema.init(pointer:))
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
