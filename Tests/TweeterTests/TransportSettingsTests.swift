@_spi(Tooling) import FactoryTool
import ComponentFactory
import Foundation
import Testing
import Tweeter

/// The transport's typed settings, bound from `tweeter.transport.*`: what
/// the test environment gives the transport, and what `tweeter validate`
/// says of a value that only production's overlay breaks.
@Suite struct TransportSettingsTests {
    @Test func theTransportIsAutowiredWithTheSettingsOfTheEnvironment() async throws {
        let factory = try await TweeterExample.factory()
        let settings = try factory.settings(TransportSettings.self)
        #expect(settings.timeout == .seconds(2))
        #expect(settings.userAgent == "tweeter/1.0")
        let transport = try factory.component(forKey: "transport", as: URLSessionTransport.self)
        #expect(transport.settings == settings)
    }

    /// `tweeter validate` (or, with no registry, `factory validate`) over a copy of the example whose production overlay ends with `line`.
    private func validate(productionAdds line: String, registry: ComponentRegistry? = TweeterRegistry.make()) async throws -> ToolResult {
        let root = URL(fileURLWithPath: TweeterExample.root)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("tweeter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.createDirectory(at: copy.appendingPathComponent("Assemblies"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("Assemblies/Tweeter.xml"),
                                         to: copy.appendingPathComponent("Assemblies/Tweeter.xml"))
        try FileManager.default.copyItem(at: root.appendingPathComponent("Config"), to: copy.appendingPathComponent("Config"))
        let overlay = copy.appendingPathComponent("Config/tweeter-production.properties")
        try (try String(contentsOf: overlay, encoding: .utf8) + line + "\n").write(to: overlay, atomically: true, encoding: .utf8)
        return await FactoryTool.run(arguments: ["validate", copy.appendingPathComponent("Assemblies/Tweeter.xml").path,
                                                 "--config", copy.appendingPathComponent("Config").path],
                                     environment: ToolEnvironment(registry: registry))
    }

    @Test func aTimeoutOnlyProductionPutsOutOfRangeFailsValidateAtProductionsLine() async throws {
        let result = try await validate(productionAdds: "tweeter.transport.timeout = 10m")
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(result.standardOutput)")
        #expect(errors.first?.contains("/Config/tweeter-production.properties:3:1: error: property 'tweeter.transport.timeout' = '10m' "
                                       + "breaks field 'timeout' of settings TransportSettings: it is not within") == true)
        #expect(errors.first?.hasSuffix("[constraint]") == true)
        // Only production: development and test, which keep the base value or their own, pass.
        #expect(lines.contains("    note: in environment 'production'"))
        #expect(!result.standardOutput.contains("'development'") && !result.standardOutput.contains("'test'"))
    }

    @Test func aMisspelledFieldKeyIsUnusedThoughTheAssemblyDeclaresItsPrefix() async throws {
        let result = try await validate(productionAdds: "tweeter.transport.timout = 5s")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("/Config/tweeter-production.properties:3:1: warning: property 'tweeter.transport.timout' "
                                               + "is set but nothing reads it; did you mean 'tweeter.transport.timeout'? [unused-property]"),
                "\(result.standardOutput)")
        // The registry-free tool knows no settings type: the assembly's <app-property prefix> covers the key there.
        let plain = try await validate(productionAdds: "tweeter.transport.timout = 5s", registry: nil)
        #expect(plain.standardOutput.contains("0 errors, 0 warnings"), "\(plain.standardOutput)")
    }

    @Test func theShippedExampleValidatesInEveryEnvironment() async throws {
        let result = try await validate(productionAdds: "# nothing more")
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.contains("0 errors, 0 warnings"))
    }
}
