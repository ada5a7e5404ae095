@_spi(Tooling) import ComponentFactory
import Testing
import Tweeter

/// The example's checked-in compiled wiring (`Sources/Tweeter/Wiring`,
/// written by `tweeter compile-wiring`) against its assemblies: the async
/// load, since its composer runs on the main actor.
@Suite struct CompiledWiringTests {
    @Test(arguments: ["development", "production", "test"])
    func theCheckedInWiringMakesTheInterpretersPlanTable(environment: String) async throws {
        // The paths as the tool was given them, from the package's root: locations name files as they were given.
        let options = Factory.LoadOptions(config: "Config", environment: environment)
        let interpreted = try await Factory.loadAsync(assemblies: ["Assemblies/Tweeter.xml"], registry: TweeterRegistry.make(),
                                                      options: options)
        let compiled = try await Factory.loadAsync(compiled: TweeterWiring.compiled, registry: TweeterRegistry.make(), options: options)
        #expect(compiled.planShape == interpreted.planShape)
        #expect(compiled.planShape.contains("composer"))
        try await compiled.async.shutdown()
        try await interpreted.async.shutdown()
    }
}
