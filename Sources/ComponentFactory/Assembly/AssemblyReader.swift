import CLibXML2

/// Reads one assembly file into an ``AssemblyDocument``: libxml2 parses it
/// as a stream of SAX events, and `AssemblyBuilder` assembles plain
/// definitions from them, each with its file, line and column. No XML tree is
/// built.
///
/// The grammar is Typhoon 1.x's, in its namespace or in none, plus `import`,
/// `profile`, `abstract`, `init-method`, `destroy-method`, `<entry>` and
/// `<null/>`. An unknown element or attribute is an error with a "did you
/// mean"; so is a node with both `ref` and `value`, and an argument with
/// neither `parameterName` nor `index`. Attribute values such as `scope`
/// are kept as written and checked by the checker-compiler (`AssemblyCompiler`).
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
@_spi(Tooling)
public enum AssemblyReader {
    /// Typhoon's namespace, which assemblies may use or leave out.
    public static let namespace = "http://www.typhoonframework.org/schema/assembly"

    /// The document, as much of it as could be read, and the problems found.
    public struct Reading: Sendable {
        /// What the reader made of the file, as far as it got.
        public var document: AssemblyDocument
        /// Every problem found while reading, with file:line; empty when the file is clean.
        public var diagnostics: [Diagnostic]
        /// How many times libxml2 parsed the bytes: 1, 2 with the schema
        /// check, 0 for a file refused before parsing (too large, empty).
        public var parses = 1
    }

    /// Reads `bytes`. The builder's grammar check covers every rule of
    /// ``AssemblySchema`` (elements, attributes, a `<description>` first,
    /// no stray text, one `<initializer>`), so an app's load parses once.
    /// With `checkSchema`, what tools ask for, the file is also validated
    /// against the schema itself, by a second parse of the bytes on another
    /// thread at the same time; the schema's findings are kept only when the
    /// grammar found nothing, since both would otherwise report one mistake twice.
    public static func read(bytes: [UInt8], file: String, checkSchema: Bool = false) -> Reading {
        LibXMLInitialization.once()
        func refused(_ message: String, line: Int = 1) -> Reading {
            Reading(document: AssemblyDocument(file: file), diagnostics: [Diagnostic(.malformedXML, message, at: SourceLocation(file: file, line: line))],
                    parses: 0)
        }
        guard bytes.count <= maximumSize else {
            return refused("file is larger than \(maximumSize >> 20) MiB")
        }
        guard bytes.contains(where: { !AssemblyGrammar.isWhiteSpace($0) }) else {
            return refused("the file is empty; an assembly needs an <assembly> root element")
        }
        if let crowded = AttributeBound.firstElementOverLimit(in: bytes) {
            return refused("an element has more than \(AttributeBound.maximumAttributes) attributes", line: crowded.line)
        }
        let schema = checkSchema ? SchemaPass(bytes: bytes, file: file) : nil
        var built = ParseTarget(builder: AssemblyBuilder(file: file, bytes: bytes))
        var failure = stream(bytes, file: file, checkSchema: false, into: &built)
        let verdict = schema?.wait() ?? SchemaPass.Verdict()
        // The builder's pass reports a malformed document; the schema's adds only a schema it could not set up.
        if failure == nil, let schemaFailure = verdict.failure, schemaFailure.code == .schema { failure = schemaFailure }
        guard let builder = built.builder else { return refused("the assembly could not be read") }
        let parses = checkSchema ? 2 : 1
        if let failure {
            return Reading(document: AssemblyDocument(file: file), diagnostics: [failure], parses: parses)
        }
        var diagnostics = builder.diagnostics
        if diagnostics.isEmpty { diagnostics = verdict.diagnostics }
        return Reading(document: builder.document, diagnostics: diagnostics, parses: parses)
    }

    /// The schema's findings on `bytes`, from a parse of their own.
    static func checkSchema(_ bytes: [UInt8], file: String) -> SchemaPass.Verdict {
        var checked = ParseTarget(builder: nil)
        let failure = stream(bytes, file: file, checkSchema: true, into: &checked)
        return SchemaPass.Verdict(diagnostics: checked.schemaDiagnostics, failure: failure)
    }

    /// The largest assembly read (64 MiB), so that a huge input fails fast and plainly.
    public static let maximumSize = 64 << 20

    /// No network, no error printing, lines past 65,535 counted; never
    /// `XML_PARSE_HUGE`, never entity substitution or DTD loading.
    static let options: Int32 = Int32(bitPattern:
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue)

    /// libxml2 is fed this many bytes at a time, so that a document of any
    /// size up to the limit parses (one call over 10 MB is "Huge input lookup").
    static let chunkSize = 1 << 20

    /// Feeds `bytes` through libxml2's push parser into `target`, a chunk
    /// at a time; returns the diagnostic that ended a malformed or refused
    /// document. libxml2's own messages come here, never to standard error.
    /// With `checkSchema`, the events go to the schema validator (`target`
    /// has no builder then).
    private static func stream(_ bytes: [UInt8], file: String, checkSchema: Bool, into target: inout ParseTarget) -> Diagnostic? {
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = startElement
        handler.endElementNs = endElement
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = characters
        handler.entityDecl = refuseEntity
        handler.serror = ignoreError  // the context keeps the last error; nothing is printed
        // Errors raised with no parser context (an encoding converter's, the input layer's) come to the sink, not stderr.
        var sink = cf_xml_error_sink()
        cf_xml_capture_errors(&sink)
        defer { cf_xml_release_errors(&sink) }
        return withUnsafeMutablePointer(to: &target) { target -> Diagnostic? in
            // The callbacks reach the target through this pointer, which is
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
            _ = xmlCtxtUseOptions(parser, options)
            target.pointee.parser = parser
            target.pointee.builder?.parser = parser
            if checkSchema {
                guard let schema = AssemblySchema.parsed.flatMap({ SchemaStream(schema: $0, file: file, parser: parser) }) else {
                    return Diagnostic(.schema, "the assembly schema could not be loaded", at: SourceLocation(file: file, line: 1))
                }
                target.pointee.schema = schema
            }
            // The first status other than 0 that libxml2 returned: it halts on an encoder error without clearing wellFormed.
            var halted: Int32 = 0
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { start in
                    var offset = 0
                    while offset < buffer.count && !target.pointee.isStopped && halted == 0 {
                        let count = min(chunkSize, buffer.count - offset)
                        halted = xmlParseChunk(parser, start + offset, Int32(count), 0)
                        offset += count
                    }
                    let ended = xmlParseChunk(parser, nil, 0, 1)
                    if halted == 0 { halted = ended }
                }
            }
            target.pointee.parser = nil
            target.pointee.builder?.parser = nil
            target.pointee.finishSchema()
            if let failure = target.pointee.builder?.failure { return failure }
            let last = xmlCtxtGetLastError(parser)
            let converterFailed = sink.count > 0 || last.map { Int($0.pointee.code) == Int(XML_ERR_INVALID_ENCODING.rawValue) } == true
            guard parser.pointee.wellFormed != 0 || converterFailed else {
                return malformed(last, file: file)
            }
            // A document libxml2 stopped reading is an error, never a shorter assembly.
            guard halted == 0 && !converterFailed else {
                return unreadable(bytes, file: file, parser: parser, said: sink.count > 0 ? Self.text(of: &sink) : nil)
            }
            return nil
        }
    }

    /// The first thing libxml2 said into `sink`, on one line.
    private static func text(of sink: inout cf_xml_error_sink) -> String {
        withUnsafeBytes(of: &sink.first) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return oneLine(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// A document that libxml2 stopped reading without calling it
    /// malformed, as it does when its converter for the declared encoding
    /// refuses a byte: `malformed-xml` at the line of that byte, found by
    /// converting the bytes again up to it; at the line the parser reached
    /// when the converter cannot say.
    private static func unreadable(_ bytes: [UInt8], file: String, parser: xmlParserCtxtPtr, said: String?) -> Diagnostic {
        let declared = (parser.pointee.encoding ?? parser.pointee.input?.pointee.encoding).map { String(cString: $0) }
        var line = max(Int(parser.pointee.input?.pointee.line ?? 1), 1)
        var lineEnds = 0
        if let declared, bytes.count <= Int(Int32.max) {
            let prefix = bytes.withUnsafeBufferPointer { buffer in
                cf_xml_convertible_prefix(declared, buffer.baseAddress, Int32(buffer.count), &lineEnds)
            }
            if prefix >= 0 { line = lineEnds + 1 }
        }
        let encoding = declared.map { " as \($0)" } ?? ""
        let detail = said.map { ": \($0)" } ?? ""
        return Diagnostic(.malformedXML, "the document could not be read\(encoding); libxml2 stopped at a byte it could not convert\(detail)",
                          at: SourceLocation(file: file, line: line))
    }

    /// libxml2's message on one line: it may break one over lines ("…indicate encoding !\nBytes: …").
    private static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
    }

    /// A parse error as one `malformed-xml` line at libxml2's line and column.
    private static func malformed(_ error: xmlErrorPtr?, file: String) -> Diagnostic {
        guard let error else {
            return Diagnostic(.malformedXML, "the document is not well-formed XML", at: SourceLocation(file: file, line: 1))
        }
        let message = error.pointee.message.map { oneLine(String(cString: $0)) } ?? "not well-formed"
        return Diagnostic(.malformedXML, message,
                          at: SourceLocation(file: file, line: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1)))
    }
}

/// What the SAX callbacks feed: the builder, or, in the schema's own pass,
/// the schema validator.
private struct ParseTarget {
    var builder: AssemblyBuilder?
    var schema: SchemaStream?
    var schemaDiagnostics: [Diagnostic] = []
    /// The parser, while it runs.
    var parser: xmlParserCtxtPtr?
    /// The schema pass's nesting depth, bounded as the builder bounds its own.
    var depth = 0
    /// Whether the schema pass stopped early, at an entity or too deep.
    var schemaStopped = false

    var isStopped: Bool {
        builder?.failure != nil || schemaStopped
    }

    /// Stops the schema's pass: the builder's pass reports why.
    mutating func stopSchemaPass() {
        schemaStopped = true
        if let parser { xmlStopParser(parser) }
    }

    /// Ends validation (libxml2 reports what is still missing at the end) and keeps its findings.
    mutating func finishSchema() {
        schemaDiagnostics = schema?.diagnostics ?? []
        schema = nil
    }
}

private func target(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<ParseTarget>? {
    context?.assumingMemoryBound(to: ParseTarget.self)
}

private let startElement: startElementNsSAX2Func = { context, localName, prefix, namespace, namespaceCount, namespaces, attributeCount, defaultedCount, attributes in
    guard let target = target(context), let localName else { return }
    if let schema = target.pointee.schema {
        target.pointee.depth += 1
        guard target.pointee.depth <= AssemblyBuilder.maximumDepth else { return target.pointee.stopSchemaPass() }
        schema.start(name: localName, prefix: prefix, namespace: namespace, namespaceCount: namespaceCount, namespaces: namespaces,
                     attributeCount: attributeCount, defaultedCount: defaultedCount, attributes: attributes)
    }
    target.pointee.builder?.start(name: localName, namespace: namespace,
                                  attributes: UnsafePointer(attributes), count: Int(attributeCount))
}

private let endElement: endElementNsSAX2Func = { context, localName, prefix, namespace in
    guard let target = target(context) else { return }
    if let schema = target.pointee.schema {
        target.pointee.depth -= 1
        schema.end(name: localName, prefix: prefix, namespace: namespace)
    }
    target.pointee.builder?.end()
}

private let characters: charactersSAXFunc = { context, bytes, length in
    guard let target = target(context), let bytes, length > 0 else { return }
    target.pointee.schema?.characters(bytes, count: length)
    target.pointee.builder?.characters(UnsafeBufferPointer(start: bytes, count: Int(length)))
}

private let ignoreError: xmlStructuredErrorFunc = { _, _ in }

private let refuseEntity: entityDeclSAXFunc = { context, name, _, _, _, _ in
    guard let target = target(context), let parser = target.pointee.parser else { return }
    guard let file = target.pointee.builder?.file else { return target.pointee.stopSchemaPass() }
    let line = parser.pointee.input.map { Int($0.pointee.line) } ?? 1
    let entity = name.map { String(cString: $0) } ?? "?"
    target.pointee.builder?.stop(Diagnostic(.xmlEntity, "the document declares the entity '\(entity)'; assemblies may not declare entities",
                                            at: SourceLocation(file: file, line: line)))
}
