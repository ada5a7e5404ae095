@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Logging
import Testing

/// What an operator reads of a running factory: every source that sets a
/// key with the winner first, settings' readers with their lines and their
/// defaults in force, each reader once, reloads as old → new, a refused
/// edit flagged where the file disagrees, and every value masked on request.
extension FactoryInspectionTests {
    /// Settings read by hand, as the example's are: one field set by a file, one left to its default.
    struct Limits: ComponentFactory.Settings {
        let burst: Int
        let label: String
        static var prefix: String { "limits" }
        init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
            let burst = binder.field("burst", key: "burst", as: Int.self, default: 10, written: "10")
            let label = binder.field("label", key: "label", as: String.self, default: "standard", written: "\"standard\"")
            guard let burst, let label else { throw binder.report }
            (self.burst, self.label) = (burst, label)
        }
    }

    private static func live(_ directory: TemporaryDirectory, variables: [String: String] = [:],
                             logger: Logger? = nil) async throws -> LiveFactory {
        var registry = LiveFactoryTests.registry(Journal())
        registry.register(settings: Limits.self)
        let options = Factory.LoadOptions(config: .path(directory.file("Config")), useEnvironmentVariables: !variables.isEmpty,
                                          logger: logger, processEnvironment: variables)
        return try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))], registry: registry, options: options)
    }

    @Test func aKeySetInAFileAndAVariableListsBothSourcesTheVariableFirstAsTheWinner() async throws {
        let directory = try Self.directory()
        try directory.write("Config/app.properties", "rate.per-minute = 100\nlimits.burst = 20\n")
        let live = try await Self.live(directory, variables: ["RATE_PER_MINUTE": "150"])
        let rate = try #require(live.inspection().properties?.first { $0.key == "rate.per-minute" })
        #expect(rate.value == "150" && rate.source == "environment variable RATE_PER_MINUTE")
        #expect(rate.setBy.map(\.source) == ["environment variable RATE_PER_MINUTE", directory.file("Config/app.properties")])
        #expect(rate.setBy.map(\.wins) == [true, false] && rate.setBy.map(\.value) == ["150", "100"])
        #expect(rate.setBy.last?.line == 1 && rate.setBy.first?.line == nil)
        try await live.shutdown()
    }

    @Test func aSettingsReaderShowsItsTypeAndLineAndADefaultInForceShowsAsADefault() async throws {
        let directory = try Self.directory()
        try directory.write("Config/app.properties", "rate.per-minute = 100\nlimits.burst = 20\n")
        let live = try await Self.live(directory)
        let properties = try #require(live.inspection().properties)
        let burst = try #require(properties.first { $0.key == "limits.burst" })
        let reader = try #require(burst.readers.first)
        #expect(burst.readers.count == 1 && reader.component == "Limits" && reader.member == "field 'burst' of settings Limits")
        #expect(reader.file?.hasSuffix("FactoryInspectionTests+OperatorsView.swift") == true && (reader.line ?? 0) > 0, "\(reader)")
        let label = try #require(properties.first { $0.key == "limits.label" }, "a default in force is listed")
        #expect(label.isDefault && label.value == "\"standard\"" && label.setBy.isEmpty && label.file == nil, "\(label)")
        #expect(label.source == "default of field 'label' of settings Limits")
        #expect(!burst.isDefault)
        try await live.shutdown()
    }

    @Test func aKeyReadTwiceAtOnePlaceListsThatReaderOnce() async throws {
        let directory = try Self.directory()
        try directory.write("Assemblies/App.xml", Self.assembly.replacingOccurrences(of: #"class="Pool""#, with: #"class="${pool.class}""#))
        try directory.write("Config/app.properties", "rate.per-minute = 100\npool.class = Pool\n")
        let live = try await Self.live(directory)
        let pool = try #require(live.inspection().properties?.first { $0.key == "pool.class" })
        #expect(pool.readers.count == 1 && pool.readers.first?.member == "class", "\(pool.readers)")
        try await live.shutdown()
    }

    @Test func aReloadGivesOldAndNewARefusalWhatItWouldHaveBuiltAndTheDisagreeingFileIsFlaggedUntilASwap() async throws {
        let directory = try Self.directory()
        try directory.write("Config/app.properties", "rate.per-minute = 100\ndb.password = old-secret\n")
        let live = try await Self.live(directory)
        try directory.write("Config/app.properties", "rate.per-minute = 250\ndb.password = new-secret\n")
        #expect(await live.reload().outcome == .swapped)
        let swapped = try #require(live.inspection().reloads.last)
        #expect(swapped.changes.map(\.key) == ["db.password", "rate.per-minute"])
        #expect(swapped.changes.last?.old == "100" && swapped.changes.last?.new == "250")
        #expect(swapped.changes.first?.old == "******" && swapped.changes.first?.new == "******", "a secret's change is masked")
        #expect(swapped.rebuilt == ["limit", "limiter"] && swapped.wouldRebuild.isEmpty)
        #expect(live.inspection().properties?.allSatisfy { $0.pending == nil } == true)

        try directory.write("Config/app.properties", "rate.per-minute = lots\ndb.password = new-secret\n")
        #expect(await live.reload().outcome == .refused)
        let inspection = live.inspection()
        let refused = try #require(inspection.reloads.last)
        #expect(refused.rebuilt.isEmpty && refused.wouldRebuild == ["limit", "limiter"], "\(refused)")
        #expect(refused.changes.map { "\($0.key): \($0.old ?? "-") → \($0.new ?? "-")" } == ["rate.per-minute: 250 → lots"])
        let rate = try #require(inspection.properties?.first { $0.key == "rate.per-minute" })
        #expect(rate.value == "250" && rate.pending?.value == "lots" && rate.pending?.line == 1, "\(rate)")
        #expect(inspection.properties?.first { $0.key == "db.password" }?.pending == nil, "the password's file agrees")

        try directory.write("Config/app.properties", "rate.per-minute = 300\ndb.password = new-secret\n")
        #expect(await live.reload().outcome == .swapped)
        #expect(live.inspection().properties?.allSatisfy { $0.pending == nil } == true, "the swap ends the disagreement")
        try await live.shutdown()
    }

    @Test func withValuesMaskedEveryValueAndEveryChangeIsMasked() async throws {
        let directory = try Self.directory()
        let live = try await Self.live(directory)
        try directory.write("Config/app.properties", "rate.per-minute = 250\n")
        #expect(await live.reload().outcome == .swapped)
        let inspection = live.inspection(values: .masked)
        let properties = try #require(inspection.properties)
        #expect(!properties.isEmpty && properties.allSatisfy { $0.value == "******" && $0.setBy.allSatisfy { $0.value == "******" } })
        #expect(inspection.reloads.last?.changes.first.map { $0.old == "******" && $0.new == "******" } == true)
        #expect(live.inspection().properties?.first { $0.key == "rate.per-minute" }?.value == "250", "shown by default")
        try await live.shutdown()
    }

    @Test func anUnusedKeyIsWarnedOnceAtLoadAndNotAgainByAReloadThatKeepsIt() async throws {
        let directory = try Self.directory()
        try directory.write("Config/app.properties", "rate.per-minute = 100\nrate.per-minite = 5\n")
        let log = CollectedLog()
        let live = try await Self.live(directory, logger: log.logger(level: .info))
        let warnings = log.all.filter { $0.level == .warning }
        #expect(warnings.count == 1 && warnings.first?.message.contains("unused-property") == true, "\(warnings.map(\.message))")
        #expect(warnings.first?.message.contains("app.properties:2") == true, "at its line: \(warnings.map(\.message))")
        try directory.write("Config/app.properties", "rate.per-minute = 200\nrate.per-minite = 5\n")
        let reload = await live.reload()
        #expect(reload.outcome == .swapped && reload.diagnostics.isEmpty, "told at load already: \(reload.diagnostics)")
        try await live.shutdown()
    }
}
