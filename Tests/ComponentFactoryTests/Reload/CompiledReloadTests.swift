@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Testing

/// A live factory on compiled wiring, reloaded again and again: each
/// reload keeps the plans whose values did not change and makes the
/// others, and says what an interpreted live factory says of the same edits.
@Suite(.timeLimit(.minutes(1))) struct CompiledReloadTests {
    typealias Journal = LiveFactoryTests.Journal

    /// The assembly of ``LiveFactoryTests`` in a directory, its wiring compiled, and a live factory each way.
    private struct Setup {
        let directory: TemporaryDirectory
        let compiled: LiveFactory
        let interpreted: LiveFactory
        let journals = (compiled: Journal(), interpreted: Journal())

        init() async throws {
            directory = try TemporaryDirectory()
            try directory.write("Assemblies/App.xml", LiveFactoryTests.assembly)
            try directory.write("Config/app.properties", "rate.per-minute = 100\ndb.pool = 4\n")
            try directory.write("Config/app-production.properties", "")
            let registry = LiveFactoryTests.registry(journals.compiled)
            let assemblies = AssemblyLoader.load(paths: [directory.file("Assemblies")]).assemblies
            let loader = ConfigurationLoader(root: try ConfigRoot.scan(directory.file("Config")))
            let image = try EnvironmentBuild(assemblies: assemblies, loader: loader, environment: "production", registry: registry)
                .wiringImage(of: assemblies, registry: registry)
            let writer = WiringWriter([image], stamps: WiringStamps(registry: WiringStamps.registry(registry)))
            let options = Factory.LoadOptions(config: .path(directory.file("Config")), environment: "production")
            compiled = try await LiveFactory.load(compiled: Factory.CompiledWiring(entry: writer.entry, documents: writer.documents.map(\.text)),
                                                  registry: registry, options: options)
            interpreted = try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))],
                                                     registry: LiveFactoryTests.registry(journals.interpreted), options: options)
        }

        /// Both reloaded after `properties` is saved: the compiled one's event, having checked it is the interpreted one's.
        func reload(saving properties: String) async throws -> ReloadEvent {
            try directory.write("Config/app.properties", properties)
            let (event, expected) = (await compiled.reload(), await interpreted.reload())
            #expect(event.description == expected.description)
            #expect(event.changedKeys == expected.changedKeys && event.rebuilt == expected.rebuilt)
            return event
        }
    }

    @Test func eachReloadSeesItsValueKeepsWhatItDoesNotReachAndRefusesWhatTheInterpreterRefuses() async throws {
        let setup = try await Setup()
        let pool = try setup.compiled.factory.component(forKey: "pool", as: LiveFactoryTests.Pool.self)
        for (generation, limit) in [(2, 250), (3, 300), (4, 100)] {
            let event = try await setup.reload(saving: "rate.per-minute = \(limit)\ndb.pool = 4\n")
            #expect(event.outcome == .swapped && event.generation == generation)
            #expect(event.rebuilt == ["limit", "limiter"])
            #expect(try setup.compiled.factory.component(forKey: "limiter", as: LiveFactoryTests.Limiter.self).limit.perMinute == limit)
            #expect(try setup.compiled.factory.component(forKey: "pool", as: LiveFactoryTests.Pool.self) === pool, "kept")
        }
        let refused = try await setup.reload(saving: "rate.per-minute = 100\ndb.pool = 9\n")
        #expect(refused.outcome == .refused && refused.diagnostics.first?.code == .notReloadable)
        #expect(refused.diagnostics.first?.location?.line == 2, "at the line that sets the pool")
        #expect(setup.compiled.generation == 4)
        #expect(try setup.compiled.factory.component(forKey: "pool", as: LiveFactoryTests.Pool.self).size == 4)
        #expect(try await setup.reload(saving: "rate.per-minute = 100\ndb.pool = 4\n").outcome == .unchanged)
        try await setup.compiled.shutdown()
        try await setup.interpreted.shutdown()
        #expect(setup.journals.compiled.written.sorted() == setup.journals.interpreted.written.sorted())
        #expect(setup.journals.compiled.written.count == 4, "each limit built, closed once")
    }
}
