import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing

/// A running factory's account of itself: every component, where it is
/// defined and whether it is built; for a live factory, the generation that
/// built each singleton and the last reloads.
@Suite(.timeLimit(.minutes(2))) struct FactoryInspectionTests {
    typealias Journal = LiveFactoryTests.Journal
    typealias RateLimit = LiveFactoryTests.RateLimit
    typealias Limiter = LiveFactoryTests.Limiter
    typealias Pool = LiveFactoryTests.Pool

    /// A reloadable limit, a prototype that needs it, a singleton kept
    /// across reloads, and a lazy pool that nothing builds until asked.
    static let assembly = """
        <assembly>
            <property-placeholder location="app.properties"/>
            <component class="Journal" key="journal" scope="singleton"/>
            <component class="RateLimit" key="limit" scope="singleton" reloadable="yes">
                <initializer selector="initWithPerMinute:journal:">
                    <argument parameterName="perMinute" value="${rate.per-minute}"/>
                    <argument parameterName="journal" ref="journal"/>
                </initializer>
            </component>
            <component class="Limiter" key="limiter" scope="prototype">
                <initializer selector="initWithLimit:"><argument parameterName="limit" ref="limit"/></initializer>
            </component>
            <component class="Pool" key="pool" scope="singleton" lazy-init="yes">
                <initializer selector="initWithSize:"><argument parameterName="size" value="4"/></initializer>
            </component>
        </assembly>
        """

    /// The assembly and its properties in a directory of their own.
    static func directory(limit: String = "100") throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/App.xml", assembly)
        try directory.write("Config/app.properties", "rate.per-minute = \(limit)\n")
        return directory
    }

    @Test func aFactoryListsEachComponentWhereItIsDefinedAndWhetherItsSingletonIsBuilt() throws {
        let directory = try Self.directory()
        let factory = try Factory.load(assemblies: [.path(directory.file("Assemblies"))], config: .path(directory.file("Config")),
                                       registry: LiveFactoryTests.registry(Journal()))
        let before = factory.inspection()
        #expect(before.generation == nil && before.reloads.isEmpty, "a plain factory has no generations and no reloads")
        #expect(before.components.map(\.key) == ["journal", "limit", "limiter", "pool"], "in definition order")
        let limiter = try #require(before.components.first { $0.key == "limiter" })
        #expect(limiter.type == "Limiter" && limiter.scope == .prototype && limiter.isolation == .nonisolated)
        #expect(limiter.dependencies == ["limit"] && limiter.suspension == nil)
        #expect(limiter.file == directory.file("Assemblies/App.xml") && limiter.line == 10, "\(limiter)")
        #expect(limiter.isBuilt == nil, "a prototype keeps no instance to be built")
        #expect(before.components.first { $0.key == "limit" }?.isBuilt == true, "an eager singleton is built at load")
        #expect(before.components.first { $0.key == "pool" }?.isBuilt == false, "a lazy one is not, until asked for")

        _ = try factory.component(forKey: "pool", as: Pool.self)
        #expect(factory.inspection().components.first { $0.key == "pool" }?.isBuilt == true)
        #expect(factory.inspection().components.allSatisfy { $0.generation == nil })
    }

    @Test func aLiveFactoryGivesTheGenerationThatBuiltEachSingletonAndItsReloads() async throws {
        let directory = try Self.directory()
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              config: .path(directory.file("Config")),
                                              registry: LiveFactoryTests.registry(Journal()))
        #expect(live.inspection().generation == 1)
        try directory.write("Config/app.properties", "rate.per-minute = 250\n")
        #expect(await live.reload().outcome == .swapped)
        _ = try live.factory.component(forKey: "pool", as: Pool.self)

        let swapped = live.inspection()
        #expect(swapped.generation == 2)
        let generations = Dictionary(uniqueKeysWithValues: swapped.components.map { ($0.key, $0.generation) })
        #expect(generations == ["journal": 1, "limit": 2, "limiter": nil, "pool": 2],
                "the journal was kept from generation 1; the limit built anew; the pool built first in generation 2")
        let reload = try #require(swapped.reloads.last)
        #expect(swapped.reloads.count == 1 && reload.outcome == .swapped && reload.generation == 2)
        #expect(reload.changedKeys == ["rate.per-minute"] && reload.rebuilt == ["limit", "limiter"])

        try directory.write("Config/app.properties", "rate.per-minute = lots\n")
        #expect(await live.reload().outcome == .refused)
        let refused = try #require(live.inspection().reloads.last)
        #expect(refused.outcome == .refused && refused.generation == 2 && refused.time >= reload.time)
        let conversion = try #require(refused.diagnostics.first { $0.code == "conversion" }, "\(refused)")
        #expect(conversion.severity == "error" && conversion.file == directory.file("Config/app.properties") && conversion.line == 1)
        #expect(conversion.notes.first?.line == 6, "the argument that reads the value: \(conversion)")
        try await live.shutdown()
    }

    @Test func aLiveFactoryKeepsItsLastReloadsOnly() async throws {
        let directory = try Self.directory()
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              config: .path(directory.file("Config")),
                                              registry: LiveFactoryTests.registry(Journal()))
        try directory.write("Config/app.properties", "rate.per-minute = 250\n")
        #expect(await live.reload().outcome == .swapped)
        for _ in 0..<LiveFactory.reloadsKept {
            #expect(await live.reload().outcome == .unchanged)
        }
        let reloads = live.inspection().reloads
        #expect(reloads.count == LiveFactory.reloadsKept)
        #expect(reloads.allSatisfy { $0.outcome == .unchanged }, "the oldest, the swap, is let go")
        #expect(zip(reloads, reloads.dropFirst()).allSatisfy { $0.time <= $1.time }, "oldest first")
        try await live.shutdown()
    }

    @Test func aLiveFactoryGivesEachKeyInForceWithItsLineItsReadersAndItsSecretsMasked() async throws {
        let secret = "pw-\(UInt64.random(in: 1...UInt64.max))"
        let directory = try Self.directory()
        try directory.write("Config/app.properties",
                            "rate.per-minute = 100\ndb.password = \(secret)\ndb.url = postgres://app:${db.password}@db/links\n")
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              config: .path(directory.file("Config")),
                                              registry: LiveFactoryTests.registry(Journal()))
        let inspection = live.inspection()
        let properties = try #require(inspection.properties)
        #expect(properties.map(\.key) == ["db.password", "db.url", "rate.per-minute"], "every key in force, sorted")
        let rate = try #require(properties.last)
        #expect(rate.value == "100" && !rate.isSecret)
        #expect(rate.source == directory.file("Config/app.properties") && rate.file == rate.source && rate.line == 1)
        let reader = try #require(rate.readers.first)
        #expect(rate.readers.count == 1 && reader.component == "limit" && reader.member == "argument 'perMinute'")
        #expect(reader.file == directory.file("Assemblies/App.xml") && reader.line == 6, "the argument that reads it")
        #expect(properties[0].value == "******" && properties[0].isSecret, "a key named as a secret")
        #expect(properties[1].value == "******" && properties[1].isSecret, "a value a secret went into")
        let json = String(decoding: try JSONEncoder().encode(inspection), as: UTF8.self)
        #expect(!json.contains(secret), "the secret is in no part of the inspection")
        try await live.shutdown()
    }

    @Test func aValueFromAnEnvironmentVariableOrAnOverrideNamesItsSource() async throws {
        let directory = try Self.directory()
        var options = Factory.LoadOptions(config: .path(directory.file("Config")), overrides: ["feature.flag": "on"],
                                          useEnvironmentVariables: true, processEnvironment: ["RATE_PER_MINUTE": "150"])
        options.environment = nil
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              registry: LiveFactoryTests.registry(Journal()),
                                              options: options)
        let properties = try #require(live.inspection().properties)
        let rate = try #require(properties.first { $0.key == "rate.per-minute" })
        #expect(rate.value == "150" && rate.source == "environment variable RATE_PER_MINUTE" && rate.file == nil && rate.line == nil)
        #expect(rate.readers.map(\.component) == ["limit"])
        let flag = try #require(properties.first { $0.key == "feature.flag" })
        #expect(flag.value == "on" && flag.readers.isEmpty && flag.file == nil, "\(flag)")
        #expect(flag.source == "overrides", "\(flag)")
        try await live.shutdown()
    }

    @Test func aPlainFactoryGivesTheKeysInForceWhereItWasLoaded() throws {
        let directory = try Self.directory()
        let factory = try Factory.load(assemblies: [.path(directory.file("Assemblies"))], config: .path(directory.file("Config")),
                                       registry: LiveFactoryTests.registry(Journal()))
        let properties = try #require(factory.inspection().properties)
        #expect(properties.map(\.key) == ["rate.per-minute"])
        #expect(properties.first?.value == "100" && properties.first?.line == 1 && properties.first?.readers.first?.component == "limit")
    }

    /// A singleton that takes a while to build: synchronously, or by awaiting.
    final class Warmup: Sendable {
        let milliseconds: Int
        init(milliseconds: Int) {
            self.milliseconds = milliseconds
            usleep(useconds_t(milliseconds * 1_000))
        }
        init(awaiting milliseconds: Int) async {
            self.milliseconds = milliseconds
            try? await Task.sleep(for: .milliseconds(milliseconds))
        }
    }

    private static func timed(async: Bool) -> (registry: ComponentRegistry, assembly: String) {
        var registry = LiveFactoryTests.registry(Journal())
        registry.register(Warmup.self) { warmup in
            if async {
                warmup.initializer("initWithMilliseconds:") { (milliseconds: Int) async in await Warmup(awaiting: milliseconds) }
            } else {
                warmup.initializer("initWithMilliseconds:") { (milliseconds: Int) in Warmup(milliseconds: milliseconds) }
            }
        }
        let warmup = #"<component class="Warmup" key="warmup" scope="singleton">"#
            + #"<initializer selector="initWithMilliseconds:"><argument parameterName="milliseconds" value="60"/></initializer></component>"#
        return (registry, assembly.replacingOccurrences(of: "</assembly>", with: warmup + "</assembly>"))
    }

    @Test func aLoadTimesItsPhasesAndEachEagerSingletonItBuilds() throws {
        let directory = try Self.directory()
        let (registry, assembly) = Self.timed(async: false)
        try directory.write("Assemblies/App.xml", assembly)
        let factory = try Factory.load(assemblies: [.path(directory.file("Assemblies"))], config: .path(directory.file("Config")),
                                       registry: registry)
        let startup = try #require(factory.inspection().startup)
        #expect(startup.phases.map(\.name) == ["read", "compile", "build"])
        #expect(zip(startup.phases, startup.phases.dropFirst()).allSatisfy { $1.startMilliseconds >= $0.startMilliseconds + $0.durationMilliseconds - 0.001 },
                "each phase begins as the one before ends: \(startup.phases)")
        #expect(startup.components.map(\.key) == ["journal", "limit", "warmup"], "the eager singletons, not the lazy pool or the prototype")
        let warmup = try #require(startup.components.last)
        #expect(warmup.durationMilliseconds >= 60 && warmup.isolation == .nonisolated, "\(warmup)")
        let build = try #require(startup.phases.last)
        #expect(build.durationMilliseconds >= warmup.durationMilliseconds && startup.durationMilliseconds >= build.startMilliseconds + build.durationMilliseconds - 0.001)
    }

    @Test func aLiveFactoryGivesTheLoadThatBuiltItsFirstGeneration() async throws {
        let directory = try Self.directory()
        let (registry, assembly) = Self.timed(async: true)
        try directory.write("Assemblies/App.xml", assembly)
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              config: .path(directory.file("Config")), registry: registry)
        try directory.write("Config/app.properties", "rate.per-minute = 250\n")
        #expect(await live.reload().outcome == .swapped)
        let startup = try #require(live.inspection().startup, "still the load's after a swap")
        #expect(startup.phases.map(\.name) == ["read", "compile", "build"])
        let warmup = try #require(startup.components.first { $0.key == "warmup" })
        #expect(warmup.durationMilliseconds >= 60, "an async initializer's await is timed too: \(warmup)")
        try await live.shutdown()
    }

    @Test func anInspectionEncodesAsJSONAndDecodesToTheSame() async throws {
        let directory = try Self.directory()
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              config: .path(directory.file("Config")),
                                              registry: LiveFactoryTests.registry(Journal()))
        try directory.write("Config/app.properties", "rate.per-minute = lots\n")
        _ = await live.reload()
        let inspection = live.inspection()
        let encoded = try JSONEncoder().encode(inspection)
        #expect(try JSONDecoder().decode(FactoryInspection.self, from: encoded) == inspection)
        let json = try #require(String(data: encoded, encoding: .utf8))
        #expect(json.contains(#""key":"limit""#) && json.contains(#""outcome":"refused""#) && json.contains(#""code":"conversion""#), "\(json)")
        #expect(json.contains(#""scope":"prototype""#) && json.contains(#""isolation":"nonisolated""#), "enums encode as the strings they were: \(json)")
        try await live.shutdown()
    }

    @Test func eachIsolationEncodesAsItPrintsAndDecodesToItself() throws {
        let isolations: [Isolation] = [.nonisolated, .mainActor, .actor, .globalActor("DatabaseActor")]
        let encoded = try JSONEncoder().encode(isolations)
        #expect(String(decoding: encoded, as: UTF8.self) == #"["nonisolated","@MainActor","actor","@DatabaseActor"]"#)
        #expect(try JSONDecoder().decode([Isolation].self, from: encoded) == isolations)
        #expect(throws: DecodingError.self, "a word that is no isolation") { try JSONDecoder().decode([Isolation].self, from: Data(#"["main"]"#.utf8)) }
    }
}
