@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Logging
import MiddleAges
import Synchronization
import Testing

/// The example's checked-in compiled wiring (`Sources/MiddleAges/Wiring`,
/// written by `middle-ages compile-wiring`) against its assemblies.
@Suite struct CompiledWiringTests {
    static let environments = ["development", "production", "test"]

    @Test(arguments: environments)
    func theCheckedInWiringMakesTheInterpretersPlanTable(environment: String) throws {
        let registry = try MiddleAgesRegistry.make()
        let interpreted = try Factory.load(assemblies: ["Assemblies/MiddleAges.xml"], config: "Config", environment: environment,
                                           registry: registry)
        let compiled = try Factory.load(compiled: MiddleAgesWiring.compiled, registry: registry,
                                        options: .init(config: "Config", environment: environment))
        #expect(compiled.planShape == interpreted.planShape)
        let knight = try compiled.component(forKey: "knight", as: Knight.self)
        #expect(knight.damselsRescued == (try interpreted.component(forKey: "knight", as: Knight.self)).damselsRescued)
        #expect(knight.favoriteDamsels == ["Mary", "Jane"])
    }

    @Test func aCompiledLoadNeedsNoAssembly() throws {
        // A directory with the configuration only, as a shipped app has: no XML to read, so nothing for libxml2 to parse.
        let directory = try TemporaryDirectory()
        for file in try FileManager.default.contentsOfDirectory(atPath: "Config") where file.hasPrefix("app") {
            try directory.write("Config/\(file)", String(decoding: try #require(FileManager.default.contents(atPath: "Config/\(file)")), as: UTF8.self))
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("Assemblies")))
        let factory = try Factory.load(compiled: MiddleAgesWiring.compiled, registry: try MiddleAgesRegistry.make(),
                                       options: .init(config: .path(directory.file("Config")), environment: "production"))
        #expect(try factory.component(forKey: "cavalryMan", as: CavalryMan.self).hitRatio == 13.75)
    }

    @Test func aValueEditedInTheConfigurationIsReadWithNoNewWiring() throws {
        let directory = try TemporaryDirectory()
        for file in try FileManager.default.contentsOfDirectory(atPath: "Config") where file.hasPrefix("app") {
            try directory.write("Config/\(file)", String(decoding: try #require(FileManager.default.contents(atPath: "Config/\(file)")), as: UTF8.self))
        }
        try directory.write("Config/app-test.properties", "damsels.rescued = 99\n")
        let factory = try Factory.load(compiled: MiddleAgesWiring.compiled, registry: try MiddleAgesRegistry.make(),
                                       options: .init(config: .path(directory.file("Config")), environment: "test"))
        #expect(try factory.component(forKey: "knight", as: Knight.self).damselsRescued == 99)
    }

    /// A copy of the example's configuration, to edit.
    private static func configCopy() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for file in try FileManager.default.contentsOfDirectory(atPath: "Config") where file.hasPrefix("app") {
            try directory.write("Config/\(file)", String(decoding: try #require(FileManager.default.contents(atPath: "Config/\(file)")), as: UTF8.self))
        }
        return directory
    }

    @Test func aLiveFactoryOnCompiledWiringSeesASavedValueAfterItsReload() async throws {
        let directory = try Self.configCopy()
        let live = try await LiveFactory.load(compiled: MiddleAgesWiring.compiled, registry: try MiddleAgesRegistry.make(),
                                              options: .init(config: .path(directory.file("Config")), environment: "test"))
        #expect(try live.factory.component(forKey: "knight", as: Knight.self).damselsRescued == 1)
        try directory.write("Config/app-test.properties", "damsels.rescued = 7\nknight.has.horse = no\n")
        let reload = await live.reload()
        #expect(reload.outcome == .swapped)
        #expect(reload.changedKeys == ["damsels.rescued"])
        #expect(try live.factory.component(forKey: "knight", as: Knight.self).damselsRescued == 7)
        #expect(live.generation == 2)
        try await live.shutdown()
    }

    @Test func aRefusedReloadOnCompiledWiringSaysWhatTheInterpreterSaysAndTheOldGraphServes() async throws {
        let directory = try Self.configCopy()
        let registry = try MiddleAgesRegistry.make()
        let compiled = try await LiveFactory.load(compiled: MiddleAgesWiring.compiled, registry: registry,
                                                  options: .init(config: .path(directory.file("Config")), environment: "test"))
        let interpreted = try await LiveFactory.load(assemblies: ["Assemblies/MiddleAges.xml"], registry: registry,
                                                     options: .init(config: .path(directory.file("Config")), environment: "test"))
        try directory.write("Config/app-test.properties", "damsels.rescued = lots\nknight.has.horse = no\n")
        let (refused, interpretedRefusal) = (await compiled.reload(), await interpreted.reload())
        #expect(refused.outcome == .refused)
        #expect(refused.diagnostics.map(\.description) == interpretedRefusal.diagnostics.map(\.description))
        #expect(refused.diagnostics.first?.code == .conversion)
        #expect(compiled.generation == 1)
        #expect(try compiled.factory.component(forKey: "knight", as: Knight.self).damselsRescued == 1)
        try await compiled.shutdown()
        try await interpreted.shutdown()
    }

    @Test func anEnvironmentTheWiringLacksIsStaleAndNoneChosenIsTheInterpretersRefusal() throws {
        let directory = try Self.configCopy()
        try directory.write("Config/app-staging.properties", "damsels.rescued = 5\n")
        let registry = try MiddleAgesRegistry.make()
        #expect {
            try Factory.load(compiled: MiddleAgesWiring.compiled, registry: registry,
                             options: .init(config: .path(directory.file("Config")), environment: "staging"))
        } throws: { error in
            "\(error)".contains("the compiled wiring has no environment 'staging'") && "\(error)".contains("[stale-wiring]")
        }
        // In development, the assemblies answer for the new environment.
        var options = Factory.LoadOptions(config: .path(directory.file("Config")), environment: "staging")
        options.interpretsStaleWiring = true
        let factory = try Factory.load(compiled: MiddleAgesWiring.compiled, registry: registry, options: options)
        #expect(try factory.component(forKey: "knight", as: Knight.self).damselsRescued == 5)
        #expect {
            try Factory.load(compiled: MiddleAgesWiring.compiled, registry: registry,
                             options: .init(config: .path(directory.file("Config")), processEnvironment: [:]))
        } throws: { error in
            "\(error)".contains("choose an environment")
        }
    }

    @Test func aRegistryThatChangedIsRefusedOrInDevelopmentInterpreted() throws {
        var registry = try MiddleAgesRegistry.make()
        registry.register(Sword.self, name: "Rapier") { _ in }
        #expect {
            try Factory.load(compiled: MiddleAgesWiring.compiled, registry: registry, options: .init(config: "Config", environment: "test"))
        } throws: { error in
            (error as? DiagnosticReport)?.diagnostics.map(\.code) == [.staleWiring]
                && "\(error)".contains("the registry has changed since the wiring was compiled")
        }
        let lines = LogLines()
        var options = Factory.LoadOptions(config: "Config", environment: "test", logger: lines.logger)
        options.interpretsStaleWiring = true
        let factory = try Factory.load(compiled: MiddleAgesWiring.compiled, registry: registry, options: options)
        #expect(try factory.component(forKey: "knight", as: Knight.self).favoriteDamsels == ["Mary", "Jane"])
        #expect(lines.warnings.count == 1)
        #expect(lines.warnings.first?.contains("compiled wiring is stale, so the assemblies are interpreted") == true)
    }
}

/// The warnings a logger was given, for one test.
final class LogLines: Sendable {
    private let stored = Mutex<[String]>([])

    var warnings: [String] { stored.withLock { $0 } }

    var logger: Logger {
        Logger(label: "test") { _ in Handler(lines: self) }
    }

    private struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            guard event.level == .warning else { return }
            lines.stored.withLock { $0.append("\(event.message)") }
        }
    }
}
