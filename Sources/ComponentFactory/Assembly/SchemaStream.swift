import CLibXML2

/// XML Schema validation of a SAX parse: libxml2's validator is plugged in
/// front of nothing and handed each event by ``AssemblyReader``, so no tree
/// is ever built. The reader runs this parse on another thread, beside
/// the one that feeds ``AssemblyBuilder``.
///
/// A document in no namespace is validated as if it were in Typhoon's, which
/// the schema targets: the element's namespace is given as Typhoon's on the
/// way in. Each violation is a `schema` diagnostic at the line where the
/// parser was when libxml2 found it.
final class SchemaStream {
    private let validator: xmlSchemaValidCtxtPtr
    private let plug: xmlSchemaSAXPlugPtr
    /// libxml2 writes the unplugged handler back here, so it must outlive the plug.
    private let slot: UnsafeMutablePointer<UnsafeMutablePointer<xmlSAXHandler>?>
    private let handler: xmlSAXHandler
    private let file: String
    private(set) var diagnostics: [Diagnostic] = []

    /// Starts validating against `schema` the document that `parser` reads;
    /// nil when libxml2 cannot set the validator up.
    init?(schema: ParsedSchema, file: String, parser: xmlParserCtxtPtr) {
        guard let validator = xmlSchemaNewValidCtxt(schema.pointer) else { return nil }
        let slot = UnsafeMutablePointer<UnsafeMutablePointer<xmlSAXHandler>?>.allocate(capacity: 1)
        slot.initialize(to: nil)
        var userData: UnsafeMutableRawPointer?
        // With no handler to wrap, libxml2 returns its own, which take the validator as user data.
        guard let plug = xmlSchemaSAXPlug(validator, slot, &userData), let handler = slot.pointee?.pointee else {
            slot.deallocate()
            xmlSchemaFreeValidCtxt(validator)
            return nil
        }
        self.validator = validator
        self.plug = plug
        self.slot = slot
        self.handler = handler
        self.file = file
        xmlSchemaValidateSetLocator(validator, currentLine, UnsafeMutableRawPointer(parser))
        // Unmanaged: libxml2 hands its error callback a void pointer, and this is how Swift passes an object through
        // one (no figure: the only other way is a global). The stream outlives its validator, which deinit frees.
        xmlSchemaSetValidStructuredErrors(validator, collectSchemaError, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        xmlSchemaSAXUnplug(plug)
        slot.deallocate()
        xmlSchemaFreeValidCtxt(validator)
    }

    func start(name: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, namespace: UnsafePointer<UInt8>?,
               namespaceCount: Int32, namespaces: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
               attributeCount: Int32, defaultedCount: Int32, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        handler.startElementNs?(UnsafeMutableRawPointer(validator), name, prefix, namespace ?? Self.typhoonNamespace,
                                namespaceCount, namespaces, attributeCount, defaultedCount, attributes)
    }

    func end(name: UnsafePointer<UInt8>?, prefix: UnsafePointer<UInt8>?, namespace: UnsafePointer<UInt8>?) {
        handler.endElementNs?(UnsafeMutableRawPointer(validator), name, prefix, namespace ?? Self.typhoonNamespace)
    }

    func characters(_ bytes: UnsafePointer<UInt8>, count: Int32) {
        handler.characters?(UnsafeMutableRawPointer(validator), bytes, count)
    }

    fileprivate func record(_ error: xmlErrorPtr) {
        var message = error.pointee.message.map { String(cString: $0) } ?? "does not match the assembly schema"
        while message.last?.isWhitespace == true { message.removeLast() }
        diagnostics.append(Diagnostic(.schema, message, at: SourceLocation(file: file, line: max(Int(error.pointee.line), 1))))
    }

    /// Typhoon's namespace as a C string for libxml2, made once for the process and never freed.
    nonisolated(unsafe) private static let typhoonNamespace: UnsafePointer<UInt8> = {
        let bytes = Array(AssemblyReader.namespace.utf8) + [0]
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        storage.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(storage)
    }()
}

private let currentLine: xmlSchemaValidityLocatorFunc = { context, file, line in
    file?.pointee = nil
    let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self)
    line?.pointee = UInt(max(parser?.pointee.input.map { Int($0.pointee.line) } ?? 0, 0))
    return 0
}

private let collectSchemaError: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    Unmanaged<SchemaStream>.fromOpaque(userData).takeUnretainedValue().record(error)
}
