@_spi(Tooling) import ComponentFactory
import FuzzSupport

/// The first line of the input is a text to resolve; the rest is
/// `.properties` text for its keys. Resolving either gives a value of at most
/// the bound's length or throws a diagnostic with its code: never a crash or a hang.
@_cdecl("fuzz_placeholders_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzPlaceholders)
}

private let fuzzPlaceholders: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    let bytes = FuzzSupport.bytes(data, size)
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let text = String(decoding: bytes[..<newline], as: UTF8.self)
    let rest = String(decoding: bytes[min(newline + 1, bytes.count)...], as: UTF8.self)
    var values: [String: String] = [:]
    for line in rest.split(separator: "\n") {
        guard let equals = line.firstIndex(of: "=") else { continue }
        values[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    let configuration = Configuration(environment: "test", sources: [InMemoryPropertySource(name: "fuzz", values: values)])
    var resolver = PlaceholderResolver(configuration: configuration)
    do {
        let value = try resolver.resolve(text, at: SourceLocation(file: "fuzz.xml", line: 1))
        if value.utf8.count > PlaceholderResolver.maximumLength { fail("a value past the bound: \(value.utf8.count) bytes") }
    } catch let error as Diagnostic {
        if error.code != .unresolvedPlaceholder && error.code != .placeholderCycle { fail("an unexpected code: \(error)") }
    } catch {
        fail("an unexpected error: \(error)")
    }
    for key in configuration.keys {
        _ = try? resolver.value(forKey: key)
    }
    return 0
}
