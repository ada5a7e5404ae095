@_spi(Tooling) import ComponentFactory
import FuzzSupport

/// Any bytes as an assembly: reading gives definitions and diagnostics, each
/// with a place in the file, and the checker checks what was read, in two
/// environments and with every profile, without crashing or hanging.
@_cdecl("fuzz_assembly_main")
func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzAssembly)
}

private let fuzzAssembly: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32 = { data, size in
    let bytes = FuzzSupport.bytes(data, size)
    let reading = AssemblyReader.read(bytes: bytes, file: "fuzz.xml", checkSchema: true)
    for diagnostic in reading.diagnostics where (diagnostic.location?.line ?? 0) < 1 {
        fail("a diagnostic without a line: \(diagnostic)")
    }
    let assemblies = AssemblySet(documents: [reading.document], diagnostics: reading.diagnostics)
    for environment in ["test", "production"] {
        let configuration = Configuration(environment: environment, sources: [
            InMemoryPropertySource(name: "fuzz", values: ["a": "1", "b": "${a}", "class": "Knight"]),
        ])
        _ = EnvironmentBuild(assemblies: assemblies, configuration: configuration, knownEnvironments: ["test", "production"])
    }
    // The environment-free view of `factory graph`: every component, whatever its profile.
    _ = EnvironmentBuild(assemblies: assemblies, configuration: Configuration(environment: nil, sources: []), everyProfile: true, drawsGraph: true).graph
    return 0
}
