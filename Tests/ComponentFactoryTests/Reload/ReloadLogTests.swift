@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing

/// What a live factory logs of each reload, with the assembly and registry
/// of ``LiveFactoryTests``. (Not among the race suites: it races nothing.)
@Suite struct ReloadLogTests {
    @Test func theLogNamesTheChangedKeyAndPointsFirstAtThePropertiesLine() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/App.xml", LiveFactoryTests.assembly)
        try directory.write("Config/app.properties", "rate.per-minute = 100\ndb.pool = 4\n")
        let log = CollectedLog()
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              registry: LiveFactoryTests.registry(LiveFactoryTests.Journal()),
                                 options: .init(config: .path(directory.file("Config")), logger: log.logger(level: .info)))
        try directory.write("Config/app.properties", "rate.per-minute = lots\ndb.pool = 4\n")
        #expect(await live.reload().outcome == .refused)
        let refusal = try #require(log.all.first { $0.level == .error })
        #expect(refusal.metadata["changed"] == "[\"rate.per-minute\"]", "\(refusal.metadata)")
        // A refusal built nothing: what it would have built anew is named as such.
        #expect(refusal.metadata["would-rebuild"] == "[\"limit\", \"limiter\"]" && refusal.metadata["rebuilt"] == nil, "\(refusal.metadata)")
        #expect(refusal.metadata["changes"] == "[\"rate.per-minute: 100 → lots\"]", "\(refusal.metadata)")
        #expect(refusal.message.contains("reload refused, the running graph is kept: \(directory.file("Config/app.properties")):1:"),
                "the edited line comes first: \(refusal.message)")

        try directory.write("Config/app.properties", "rate.per-minute = 250\ndb.pool = 4\n")
        #expect(await live.reload().outcome == .swapped)
        let swap = try #require(log.all.first { $0.level == .info && $0.message.contains("swapped in") })
        #expect(swap.metadata["changed"] == "[\"rate.per-minute\"]" && swap.metadata["rebuilt"] == "[\"limit\", \"limiter\"]",
                "\(swap.metadata)")
    }
}
