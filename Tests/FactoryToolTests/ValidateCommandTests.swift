import Foundation
@_spi(Tooling) import FactoryTool
import Testing

@Suite struct ValidateCommandTests {
    @Test func cleanConfigValidatesEveryEnvironmentAndEndsWithTheSummary() async {
        let result = await factory("validate", fixture("no-assemblies"), "--config", fixture("config-with-environments"), "--env", "test", "--env", "production")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("0 errors, 0 warnings in 0 assemblies, 2 environments\n"))
    }

    @Test func problemsAreReportedPerEnvironmentAndSharedOnesOnce() async {
        let result = await factory("validate", fixture("no-assemblies"), "--config", fixture("config-with-problems"), "--format", "json")
        #expect(result.status == 1)
        guard let object = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
              let diagnostics = object["diagnostics"] as? [[String: Any]]
        else {
            Issue.record("not JSON: \(result.standardOutput)")
            return
        }
        let summary = diagnostics.map { "\($0["code"] ?? "")@\($0["line"] ?? "")@\($0["environment"] is NSNull ? "all" : "\($0["environment"] ?? "")")" }
        // The duplicate 'a' is in the base file: one warning for every environment.
        // ${hots} is unresolved everywhere; the ${loop} cycle only in staging.
        #expect(summary.contains("duplicate-property@2@all"))
        #expect(summary.contains("unresolved-placeholder@3@all"))
        #expect(summary.contains("placeholder-cycle@2@staging"))
        #expect(object["errors"] as? Int == 2)
        #expect(object["warnings"] as? Int == 1)
        #expect(result.standardError == "2 errors, 1 warning in 0 assemblies, 2 environments\n")
    }

    @Test func textFormatPrintsOneLinePerProblemWithTheEnvironmentNote() async {
        let result = await factory("validate", fixture("no-assemblies"), "--config", fixture("config-with-problems"), "--env", "staging")
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.hasSuffix("app-staging.properties:2:1: error: placeholder cycle: loop → loop [placeholder-cycle]") })
        #expect(lines.contains("    note: in environment 'staging'"))
        #expect(lines.last == "2 errors, 1 warning in 0 assemblies, 1 environment")
    }

    @Test func missingConfigRootAndUnknownEnvironmentExitTwo() async {
        #expect(await factory("validate", fixture("no-assemblies"), "--config", "/nonexistent/config").status == 2)
        let result = await factory("validate", fixture("no-assemblies"), "--config", fixture("config-with-environments"), "--env", "prod")
        #expect(result.status == 2)
        #expect(result.standardError.contains("did you mean 'production'?"))
    }

    @Test func namedAssemblyPathThatDoesNotExistExitsTwoFromAnyCommand() async {
        #expect(await factory("validate", "/nonexistent/assembly.xml", "--config", fixture("config-with-environments")).status == 2)
    }
}
