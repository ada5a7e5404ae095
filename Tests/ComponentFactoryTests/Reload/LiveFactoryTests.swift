@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Synchronization
import Testing

/// Live reload: a change of configuration is validated whole, then swapped
/// in: the reloadable components and what needs them are built anew, the
/// rest kept, and a use sees one graph.
@Suite(.timeLimit(.minutes(2))) struct LiveFactoryTests {
    /// Where destroy methods write: one per test, kept across generations.
    final class Journal: Sendable {
        private let lines = Mutex<[String]>([])
        func write(_ line: String) { lines.withLock { $0.append(line) } }
        var written: [String] { lines.withLock { $0 } }
    }

    /// How many requests a minute are let through: reloadable.
    final class RateLimit: Sendable {
        let perMinute: Int
        let journal: Journal
        init(perMinute: Int, journal: Journal) { (self.perMinute, self.journal) = (perMinute, journal) }
        func close() { journal.write("closed limit \(perMinute)") }
    }

    /// Applies the limit: needs it, so a reload builds it anew too.
    final class Limiter: Sendable {
        let limit: RateLimit
        init(limit: RateLimit) { self.limit = limit }
    }

    /// A database pool: built once with its size, never reloaded.
    final class Pool: Sendable {
        let size: Int
        init(size: Int) { self.size = size }
    }

    static func registry(_ journal: Journal) -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Journal.self) { $0.initializer("init") { journal } }
        registry.register(RateLimit.self) { limit in
            limit.initializer("initWithPerMinute:journal:") { (perMinute: Int, journal: Journal) in
                RateLimit(perMinute: perMinute, journal: journal)
            }
            limit.callback("close") { (limit: inout RateLimit) in limit.close() }
        }
        registry.register(Limiter.self) { $0.initializer("initWithLimit:") { (limit: RateLimit) in Limiter(limit: limit) } }
        registry.register(Pool.self) { $0.initializer("initWithSize:") { (size: Int) in Pool(size: size) } }
        return registry
    }

    static let assembly = """
        <assembly>
            <property-placeholder location="app.properties"/>
            <component class="Journal" key="journal" scope="singleton"/>
            <component class="RateLimit" key="limit" scope="singleton" reloadable="yes" destroy-method="close">
                <initializer selector="initWithPerMinute:journal:">
                    <argument parameterName="perMinute" value="${rate.per-minute}"/>
                    <argument parameterName="journal" ref="journal"/>
                </initializer>
            </component>
            <component class="Limiter" key="limiter" scope="singleton">
                <initializer selector="initWithLimit:"><argument parameterName="limit" ref="limit"/></initializer>
            </component>
            <component class="Pool" key="pool" scope="singleton">
                <initializer selector="initWithSize:"><argument parameterName="size" value="${db.pool}"/></initializer>
            </component>
        </assembly>
        """

    /// A directory with the assembly and its properties, and the live factory loaded from them.
    private struct Setup: Sendable {
        let directory: TemporaryDirectory
        let journal = Journal()
        let live: LiveFactory

        init(limit: String = "100", pool: String = "4") async throws {
            directory = try TemporaryDirectory()
            try directory.write("Assemblies/App.xml", LiveFactoryTests.assembly)
            try directory.write("Config/app.properties", "rate.per-minute = \(limit)\ndb.pool = \(pool)\n")
            live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              config: .path(directory.file("Config")),
                                              registry: LiveFactoryTests.registry(journal))
        }

        /// Writes the properties file anew, as an editor saves it.
        func edit(limit: String, pool: String = "4") throws {
            try directory.write("Config/app.properties", "rate.per-minute = \(limit)\ndb.pool = \(pool)\n")
        }

        var propertiesFile: String { directory.file("Config/app.properties") }
    }

    @Test func aChangedLimitSwapsTheReloadableComponentAndWhatNeedsItAndKeepsTheRest() async throws {
        let setup = try await Setup()
        let before = try setup.live.factory.component(forKey: "limiter", as: Limiter.self)
        let pool = try setup.live.factory.component(forKey: "pool", as: Pool.self)
        try setup.edit(limit: "250")

        let reload = await setup.live.reload()

        #expect(reload.outcome == .swapped, "\(reload)")
        #expect(reload.generation == 2 && setup.live.generation == 2)
        #expect(reload.changedKeys == ["rate.per-minute"])
        #expect(reload.rebuilt == ["limit", "limiter"])
        let after = try setup.live.factory.component(forKey: "limiter", as: Limiter.self)
        #expect(after !== before && after.limit.perMinute == 250)
        #expect(try setup.live.factory.component(forKey: "pool", as: Pool.self) === pool, "a singleton the change does not reach is kept")
        #expect(setup.journal.written == ["closed limit 100"], "the replaced limit is destroyed once nothing uses the old graph")
    }

    @Test func aHandleMadeOnceResolvesInEachGeneration() async throws {
        let setup = try await Setup()
        let limiter = try setup.live.factory.handle(forKey: "limiter", as: Limiter.self)
        #expect(try setup.live.factory.component(limiter).limit.perMinute == 100)
        try setup.edit(limit: "250")
        #expect(await setup.live.reload().outcome == .swapped)
        #expect(try setup.live.factory.component(limiter).limit.perMinute == 250, "the new generation's limiter")
        let inScope = try await setup.live.withScope(seeding: [ScopeSeed]()) { scope in try await scope.component(limiter) }
        #expect(inScope.limit.perMinute == 250)
    }

    @Test func aBrokenEditIsRefusedAtItsLineAndTheRunningGraphKeepsServing() async throws {
        let setup = try await Setup()
        let before = try setup.live.factory.component(forKey: "limiter", as: Limiter.self)
        try setup.edit(limit: "lots")

        let reload = await setup.live.reload()

        #expect(reload.outcome == .refused && reload.generation == 1)
        #expect(reload.changedKeys == ["rate.per-minute"], "a refusal names the key that changed")
        #expect(reload.rebuilt == ["limit", "limiter"], "and what it would have built anew")
        let conversion = try #require(reload.diagnostics.first { $0.code == .conversion }, "\(reload)")
        #expect(conversion.location?.file == setup.propertiesFile && conversion.location?.line == 1,
                "first at the line that was edited: \(conversion)")
        #expect(conversion.notes.first?.location?.file.hasSuffix("App.xml") == true && conversion.notes.first?.location?.line == 6,
                "with the argument that reads it as the first note: \(conversion)")
        #expect(try setup.live.factory.component(forKey: "limiter", as: Limiter.self) === before)
        #expect(setup.journal.written.isEmpty, "nothing running is destroyed")
        #expect(reload.description.contains("changed rate.per-minute"), "the report names the key: \(reload)")
        #expect(reload.description.contains("app.properties:1"), "the report names the line: \(reload)")
    }

    @Test func aChangeToAValueASingletonThatIsNotReloadableWasBuiltWithIsRefused() async throws {
        let setup = try await Setup()
        try setup.edit(limit: "250", pool: "16")

        let reload = await setup.live.reload()

        #expect(reload.outcome == .refused, "\(reload)")
        #expect(reload.changedKeys == ["db.pool", "rate.per-minute"])
        let refusal = try #require(reload.diagnostics.first, "\(reload)")
        #expect(refusal.code == .notReloadable && refusal.message.contains("'pool'"), "\(refusal)")
        #expect(refusal.location?.file == setup.propertiesFile && refusal.location?.line == 2, "at the new value's line: \(refusal)")
        #expect(try setup.live.factory.component(forKey: "limiter", as: Limiter.self).limit.perMinute == 100,
                "no part of the change applies")
    }

    /// `${db.pool}` keeps its text, `${pool.size:4}`, but the key that text reads is now set: the
    /// pool's value changes through it, and the reload is refused at the line that sets it.
    @Test func aChangeThroughAValuesOwnPlaceholderReachesTheSingletonBuiltWithIt() async throws {
        let setup = try await Setup(pool: "${pool.size:4}")
        #expect(try setup.live.factory.component(forKey: "pool", as: Pool.self).size == 4)
        try setup.directory.write("Config/app.properties", "rate.per-minute = 100\ndb.pool = ${pool.size:4}\npool.size = 16\n")

        let reload = await setup.live.reload()

        #expect(reload.outcome == .refused, "\(reload)")
        #expect(reload.changedKeys == ["pool.size"])
        let refusal = try #require(reload.diagnostics.first, "\(reload)")
        #expect(refusal.code == .notReloadable && refusal.message.contains("'pool'"), "\(refusal)")
        #expect(refusal.location?.file == setup.propertiesFile && refusal.location?.line == 3, "at the line that sets it: \(refusal)")
    }

    @Test func savingTheSameValuesAgainSwapsNothing() async throws {
        let setup = try await Setup()
        try setup.edit(limit: "100")
        let reload = await setup.live.reload()
        #expect(reload.outcome == .unchanged && reload.generation == 1 && reload.rebuilt.isEmpty)
        #expect(setup.journal.written.isEmpty)
    }

    @Test func aUseThatBeganBeforeTheSwapSeesTheOldGraphAndItsReplacedSingletonsGoWhenItEnds() async throws {
        let setup = try await Setup()
        let live = setup.live
        let seenInside = try await live.withFactory { factory in
            let first = try factory.component(forKey: "limiter", as: Limiter.self)
            try setup.edit(limit: "250")
            let reload = await live.reload()
            #expect(reload.outcome == .swapped)
            let again = try factory.component(forKey: "limiter", as: Limiter.self)
            #expect(again === first, "the use keeps its graph whole")
            #expect(setup.journal.written.isEmpty, "not destroyed while a use of the old graph runs")
            return again.limit.perMinute
        }
        #expect(seenInside == 100)
        #expect(setup.journal.written == ["closed limit 100"], "destroyed when the last use of the old graph ended")
        #expect(try live.factory.component(forKey: "limiter", as: Limiter.self).limit.perMinute == 250)
    }

    @Test func lookupsDuringSwapsSeeOneGraphNeverAMix() async throws {
        let setup = try await Setup()
        let live = setup.live
        // Each reader counts its uses and the ones that saw a limiter and a limit of two graphs.
        let (uses, mixed) = await withTaskGroup(of: (uses: Int, mixed: Int).self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var mixed = 0
                    for _ in 0..<200 {
                        let same = (try? await live.withFactory { factory in
                            let limiter = try factory.component(forKey: "limiter", as: Limiter.self)
                            await Task.yield()
                            return try factory.component(forKey: "limit", as: RateLimit.self) === limiter.limit
                        }) ?? false
                        if !same { mixed += 1 }
                    }
                    return (200, mixed)
                }
            }
            group.addTask {
                for limit in 101...120 {
                    try? setup.edit(limit: "\(limit)")
                    _ = await live.reload()
                }
                return (0, 0)
            }
            return await group.reduce(into: (uses: 0, mixed: 0)) { total, part in
                total.uses += part.uses
                total.mixed += part.mixed
            }
        }
        #expect(uses == 800)
        #expect(mixed == 0)
        #expect(live.generation == 21)
        #expect(setup.journal.written.count == 20, "each replaced limit destroyed exactly once: \(setup.journal.written)")
        try await live.shutdown()
        #expect(setup.journal.written.last == "closed limit 120")
    }

    @Test func reloadsCanBeObservedAsTheyHappen() async throws {
        let setup = try await Setup()
        let reloads = setup.live.reloads()
        try setup.edit(limit: "200")
        _ = await setup.live.reload()
        try setup.edit(limit: "many")
        _ = await setup.live.reload()

        var seen: [FactoryInspection.Reload.Outcome] = []
        for await reload in reloads {
            seen.append(reload.outcome)
            if seen.count == 2 { break }
        }
        #expect(seen == [.swapped, .refused])
    }

    @Test(arguments: [false, true]) func watchingReloadsSoonAfterTheFileIsSaved(polling: Bool) async throws {
        let setup = try await Setup()
        let live = setup.live
        let reloads = live.reloads()
        let outcome = await withTaskGroup(of: ReloadEvent?.self) { group in
            group.addTask {
                await live.watch(pollingEvery: .milliseconds(100), polling: polling)
                return nil
            }
            // The watch is under way once its first look is taken; saving until a reload comes covers a save made before.
            group.addTask {
                var limit = 300
                while !Task.isCancelled {
                    try? setup.edit(limit: "\(limit)")
                    limit += 1
                    try? await Task.sleep(for: .milliseconds(300))
                }
                return nil
            }
            var first: ReloadEvent?
            for await reload in reloads {
                first = reload
                break
            }
            group.cancelAll()
            return first
        }
        #expect(outcome?.outcome == .swapped, "\(String(describing: outcome))")
        #expect(try live.factory.component(forKey: "limiter", as: Limiter.self).limit.perMinute >= 300)
    }

    /// An editor (or `sed -i`) saves by writing a new file and renaming it over the old one:
    /// several file events, some of which may come once the reload the first one made has read
    /// the file. They make no second reload: one save, one reload.
    @Test(.timeLimit(.minutes(2))) func oneSaveByRenameMakesOneReload() async throws {
        let setup = try await Setup()
        let live = setup.live
        let reloads = live.reloads()
        let (seen, saved) = await withTaskGroup(of: Void.self) { group -> ([FactoryInspection.Reload], Bool) in
            group.addTask { await live.watch(pollingEvery: .milliseconds(100)) }
            // Saved until a reload comes, so the watch is under way; then, once things are quiet, one save more.
            let editing = Task {
                var limit = 300
                while !Task.isCancelled {
                    try? setup.edit(limit: "\(limit)")
                    limit += 1
                    try? await Task.sleep(for: .milliseconds(300))
                }
            }
            var saved = false
            var iterator = reloads.makeAsyncIterator()
            _ = await iterator.next()
            editing.cancel()
            try? await Task.sleep(for: .seconds(1))
            let before = live.inspection().reloads.count
            do {
                let staged = setup.directory.file("Config/.app.properties.swp")
                try "rate.per-minute = 999\ndb.pool = 4\n".write(toFile: staged, atomically: false, encoding: .utf8)
                saved = rename(staged, setup.propertiesFile) == 0
            } catch {
                saved = false
            }
            try? await Task.sleep(for: .seconds(1))
            let seen = Array(live.inspection().reloads.dropFirst(before))
            group.cancelAll()
            return (seen, saved)
        }
        #expect(saved)
        #expect(seen.map(\.outcome) == [.swapped], "\(seen.map { ($0.outcome, $0.changedKeys) })")
        #expect(try live.factory.component(forKey: "limiter", as: Limiter.self).limit.perMinute == 999)
    }

    @Test func afterShutdownAReloadBuildsNothing() async throws {
        let setup = try await Setup()
        try await setup.live.shutdown()
        #expect(setup.journal.written == ["closed limit 100"])
        try setup.edit(limit: "250")
        let reload = await setup.live.reload()
        #expect(reload.outcome == .refused && reload.diagnostics.first?.message.contains("shut down") == true, "\(reload)")
        #expect(setup.journal.written == ["closed limit 100"], "nothing built, so nothing more destroyed")
    }

    @Test func aConfigRootThatWentAwayIsRefused() async throws {
        let setup = try await Setup()
        try FileManager.default.removeItem(atPath: setup.directory.file("Config"))
        let reload = await setup.live.reload()
        #expect(reload.outcome == .refused && !reload.diagnostics.isEmpty, "\(reload)")
        #expect(try setup.live.factory.component(forKey: "limiter", as: Limiter.self).limit.perMinute == 100)
    }

    @Test func aReloadOfTenThousandComponentsThatNeedTheReloadableOneRebuildsThemAll() async throws {
        let directory = try TemporaryDirectory()
        let limiters = (0..<10_000).map { index in
            """
            <component class="Limiter" key="limiter\(index)" scope="singleton">
                <initializer selector="initWithLimit:"><argument parameterName="limit" ref="limit"/></initializer>
            </component>
            """
        }.joined(separator: "\n")
        let assembly = Self.assembly.replacingOccurrences(of: "</assembly>", with: limiters + "\n</assembly>")
        try directory.write("Assemblies/App.xml", assembly)
        try directory.write("Config/app.properties", "rate.per-minute = 100\ndb.pool = 4\n")
        let journal = Journal()
        let live = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                              config: .path(directory.file("Config")),
                                              registry: Self.registry(journal))
        try directory.write("Config/app.properties", "rate.per-minute = 101\ndb.pool = 4\n")

        let reload = await live.reload()

        #expect(reload.outcome == .swapped && reload.rebuilt.count == 10_002, "\(reload.outcome), \(reload.rebuilt.count) rebuilt")
        #expect(try live.factory.component(forKey: "limiter9999", as: Limiter.self).limit.perMinute == 101)
        #expect(journal.written == ["closed limit 100"])
    }

    // MARK: Validation

    @Test func aServiceThatNeedsAReloadableComponentIsScopeWidening() {
        let components = """
            <component class="Journal" key="journal" scope="singleton"/>
            <component class="RateLimit" key="limit" scope="singleton" reloadable="yes">
                <initializer selector="initWithPerMinute:journal:">
                    <argument parameterName="perMinute" value="5"/>
                    <argument parameterName="journal" ref="journal"/>
                </initializer>
            </component>
            <component class="Limiter" key="limiter" scope="singleton" service="yes">
                <initializer selector="initWithLimit:"><argument parameterName="limit" ref="limit"/></initializer>
            </component>
            """
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Self.registry(Journal()))
        let widening = diagnostics.first { $0.code == .scopeWidening }
        #expect(widening?.message.contains("service 'limiter' needs 'limit', which is reloadable") == true, "\(diagnostics)")
        #expect(widening?.location?.line == AssemblyFixture.line(of: "key=\"limiter\"", in: components))
    }

    @Test func reloadableOnAComponentBuiltAtEachUseIsAWarning() {
        let components = """
            <component class="Pool" key="pool" scope="prototype" reloadable="yes">
                <initializer selector="initWithSize:"><argument parameterName="size" value="2"/></initializer>
            </component>
            """
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Self.registry(Journal()))
        #expect(diagnostics.map(\.code) == [.invalidAttributeValue])
        #expect(diagnostics.first?.severity == .warning && diagnostics.first?.message.contains("singletons only") == true)
    }
}
