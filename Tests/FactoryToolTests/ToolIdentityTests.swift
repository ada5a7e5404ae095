@_spi(Tooling) import FactoryTool
import Testing

@Suite struct ToolIdentityTests {
    @Test func anAppsToolCallsItselfByItsOwnNameInHelpAndErrors() async {
        let environment = ToolEnvironment(toolName: "middle-ages")
        let help = await FactoryTool.run(arguments: ["validate", "--help"], environment: environment)
        #expect(help.standardOutput.contains("USAGE: middle-ages validate"))
        #expect(!help.standardOutput.contains("factory"))
        let wrong = await FactoryTool.run(arguments: ["valdiate"], environment: environment)
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("middle-ages"))
        #expect(await FactoryTool.run(arguments: ["--help"]).standardOutput.contains("USAGE: factory"))
    }

    @Test func theToolsDefaultConfigIsReadWithoutConfigOption() async {
        let environment = ToolEnvironment(defaultAssemblies: [fixture("assemblies/alias-and-depends-on.xml")],
                                          defaultConfig: fixture("config-with-environments"))
        let result = await FactoryTool.run(arguments: ["validate"], environment: environment)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        // The warnings: the fixture config's keys, which this assembly does not read.
        #expect(result.standardOutput.hasSuffix("0 errors, 6 warnings in 1 assembly, 2 environments\n"))
    }

    @Test func graphShowsAliasesAndDependsOn() async {
        let result = await FactoryTool.run(arguments: ["graph", fixture("assemblies/alias-and-depends-on.xml"), "--format", "json"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#"{"from":"mission","to":"quest","kind":"alias","via":null}"#))
        #expect(result.standardOutput.contains(#"{"from":"knight","to":"quest","kind":"depends-on","via":null}"#))
        #expect(result.standardOutput.contains(#"{"from":"knight","to":"mission","kind":"reference","via":"quest"}"#))
    }
}
