import Foundation
@_spi(Tooling) import FactoryTool

/// Runs the tool in-process, as `factory ARGUMENTS…` would run.
func factory(_ arguments: String..., variables: [String: String] = [:]) async -> ToolResult {
    await FactoryTool.run(arguments: arguments, environment: ToolEnvironment(variables: variables))
}

/// The path of a fixture directory or file of this test target.
func fixture(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)?.path ?? "missing-fixture-\(name)"
}

/// The JDK conformance corpus, which the JavaProperties tests own.
func conformanceCorpus() -> URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("JavaPropertiesTests/Fixtures/Conformance")
}
