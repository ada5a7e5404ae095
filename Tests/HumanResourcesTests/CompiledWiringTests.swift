@_spi(Tooling) import ComponentFactory
import HumanResources
import Testing

/// The example's checked-in compiled wiring (`Sources/HumanResources/Wiring`,
/// written by `human-resources compile-wiring`) against its assemblies.
@Suite struct CompiledWiringTests {
    @Test(arguments: ["development", "production", "test"])
    func theCheckedInWiringMakesTheInterpretersPlanTable(environment: String) throws {
        // The paths as the tool was given them, from the package's root: locations name files as they were given.
        let options = Factory.LoadOptions(config: "Config", environment: environment)
        let interpreted = try Factory.load(assemblies: ["Assemblies/HumanResources.xml"],
                                           registry: HumanResourcesRegistry.make(), options: options)
        let compiled = try Factory.load(compiled: HumanResourcesWiring.compiled, registry: HumanResourcesRegistry.make(), options: options)
        #expect(compiled.planShape == interpreted.planShape)
        #expect(compiled.planShape.contains("salaryReport"))
        try compiled.shutdown()
        try interpreted.shutdown()
    }
}
