import Foundation

/// The check that compiled wiring agrees with the interpreter, across whole
/// test suites: with `COMPONENT_FACTORY_WIRING=compiled` in the process's
/// environment, every load from assemblies (`Factory.load`, `loadAsync`,
/// `LiveFactory.load`, and so `TestFactory` and the test trait) compiles
/// them in process and builds the factory from the compiled wiring: the
/// image written as text and read back, the path a generated file takes.
/// Assemblies with an error are reported by the interpreter, as
/// `compile-wiring` refuses them; a factory with a parent is interpreted,
/// since wiring is compiled without one.
enum WiringCheck {
    /// The variable, and the value that turns the check on.
    static let variable = "COMPONENT_FACTORY_WIRING"

    static var isOn: Bool { ProcessInfo.processInfo.environment[variable] == "compiled" }

    /// The image of `build`, which compiled `assemblies` with `registry`, after a round trip through its text.
    static func image(_ build: EnvironmentBuild, assemblies: AssemblySet, registry: ComponentRegistry) throws(DiagnosticReport) -> WiringImage {
        do {
            let writer = WiringWriter([try build.wiringImage(of: assemblies, registry: registry)])
            return try WiringReader.image(of: build.environment, entry: writer.entry, documents: writer.documents.map(\.text))
        } catch {
            throw DiagnosticReport([error])
        }
    }

    /// The environment of `build` built again from its compiled wiring;
    /// thrown when its plan table is not the interpreter's, field by field
    /// (``PlanTableShape``), with the first line that differs.
    static func build(_ build: EnvironmentBuild, assemblies: AssemblySet, configuration: Configuration,
                      registry: ComponentRegistry) throws(DiagnosticReport) -> WiringBuild {
        let compiled = WiringBuild(image: try image(build, assemblies: assemblies, registry: registry), configuration: configuration,
                                   registry: registry)
        guard let interpreted = build.blueprint?.table, let table = compiled.blueprint?.table else { return compiled }
        let (expected, found) = (PlanTableShape.describe(interpreted).split(separator: "\n"), PlanTableShape.describe(table).split(separator: "\n"))
        guard expected != found else { return compiled }
        let line = zip(expected, found).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, found.count)
        throw DiagnosticReport([Diagnostic(
            .staleWiring, "compiled wiring disagrees with the interpreter at line \(line + 1) of the plan table: the interpreter's "
                + "'\(line < expected.count ? expected[line] : "")', the compiled '\(line < found.count ? found[line] : "")'", at: nil)])
    }
}
