@_spi(Tooling) import ComponentFactory

/// Builds a factory, or validates, from assembly text held in the test: no
/// files, no shared state. `components` is the inside of `<assembly>`.
enum AssemblyFixture {
    static let file = "Test.xml"

    static func assemblies(_ components: String) -> AssemblySet {
        let xml = "<assembly>\n" + components + "\n</assembly>\n"
        return AssemblySet(documents: [AssemblyReader.read(bytes: Array(xml.utf8), file: file).document])
    }

    static func configuration(_ properties: [String: String], environment: String? = "test") -> Configuration {
        Configuration(environment: environment, sources: [InMemoryPropertySource(name: "test.properties", values: properties)])
    }

    static func factory(_ components: String, properties: [String: String] = [:], environment: String? = "test",
                        registry: ComponentRegistry) throws -> Factory {
        try Factory(assemblies: assemblies(components), configuration: configuration(properties, environment: environment),
                    registry: registry)
    }

    /// What registry-aware validation reports: the registry-free errors if
    /// there are any, else the registry-aware ones.
    static func diagnostics(_ components: String, properties: [String: String] = [:], registry: ComponentRegistry) -> [Diagnostic] {
        validation(components, properties: properties, registry: registry).diagnostics
    }

    /// What a dry run reports: the validation's diagnostics, then what
    /// building every component found.
    static func dryRun(_ components: String, properties: [String: String] = [:],
                       registry: ComponentRegistry) async -> [Diagnostic] {
        let validation = validation(components, properties: properties, registry: registry)
        return await validation.diagnostics + validation.dryRun()
    }

    private static func validation(_ components: String, properties: [String: String],
                                   registry: ComponentRegistry) -> EnvironmentBuild {
        EnvironmentBuild(assemblies: assemblies(components), configuration: configuration(properties), registry: registry)
    }

    /// The line of the first line of `components` that contains `text` (line 1 is `<assembly>`).
    static func line(of text: String, in components: String) -> Int? {
        components.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }.map { $0 + 2 }
    }
}
