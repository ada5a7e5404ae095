@_spi(Tooling) @testable import ComponentFactory

/// One environment built both ways: interpreted from the assemblies, and
/// compiled (the image written as text, read back, and built with the same
/// configuration and registry).
struct WiringRoundTrip {
    let interpreted: EnvironmentBuild
    let image: WiringImage
    let text: WiringWriter
    let compiled: WiringBuild

    init(_ assemblies: AssemblySet, configuration: Configuration, registry: ComponentRegistry) throws {
        interpreted = EnvironmentBuild(assemblies: assemblies, configuration: configuration, registry: registry)
        image = try interpreted.wiringImage(of: assemblies, registry: registry)
        text = WiringWriter([image])
        let read = try WiringReader.image(of: configuration.environment, entry: text.entry, documents: text.documents.map(\.text))
        compiled = WiringBuild(image: read, configuration: configuration, registry: registry)
    }

    /// Both plan tables, described; nil for a path that made none.
    var tables: (interpreted: String?, compiled: String?) {
        (interpreted.blueprint.map { PlanTableShape.describe($0.table) }, compiled.blueprint.map { PlanTableShape.describe($0.table) })
    }

    /// Every generated text, the entry first.
    var texts: [String] { [text.entry] + text.documents.map(\.text) }
}
