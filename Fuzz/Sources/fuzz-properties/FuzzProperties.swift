import JavaProperties
import FuzzSupport

/// Any bytes: the reader either throws a `PropertiesError` with a place in
/// the file, or reads a document whose written form reads back to the same map.
@_cdecl("fuzz_properties_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzProperties)
}

private let fuzzProperties: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    let bytes = FuzzSupport.bytes(data, size)
    let document: PropertiesDocument
    do {
        document = try PropertiesReader.read(bytes: bytes, file: "fuzz.properties")
    } catch let error as PropertiesError {
        guard error.kind != .unreadable, error.line >= 1, error.column >= 1 else { fail("an error without a place: \(error)") }
        return 0
    } catch {
        fail("an unexpected error: \(error)")
    }
    let written = PropertiesWriter.write(document.values)
    do {
        let reread = try PropertiesReader.read(text: written, file: "written.properties")
        guard reread.values == document.values else { fail("the written map reads back differently:\n\(written)") }
    } catch {
        fail("the written map does not read back: \(error)\n\(written)")
    }
    return 0
}
