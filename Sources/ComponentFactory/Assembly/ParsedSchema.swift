import CLibXML2

/// A schema that libxml2 has parsed: read-only once made, so one can serve
/// every validation, on any thread. It lives as long as the process.
final class ParsedSchema: @unchecked Sendable {
    // @unchecked: no figure; a C pointer, which libxml2 lets any thread read once the schema is parsed.
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
