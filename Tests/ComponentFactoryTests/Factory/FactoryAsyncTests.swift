@_spi(Tooling) @_spi(Patching) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing

/// Components as Swift 6 programs are written: an actor that connects in an
/// `async throws` initializer, a nonisolated `Sendable` store that needs it,
/// and a main-actor view model over the store. Each test builds its own factory.
@Suite struct FactoryAsyncTests {
    actor Pool {
        private(set) var isOpen = false
        private(set) var isClosed = false
        let delay: Duration

        init(delay: Duration = .milliseconds(5)) async throws {
            self.delay = delay
            try await Task.sleep(for: delay)
            isOpen = true
        }

        func close() { isClosed = true }
    }

    final class Store: Sendable {
        let pool: Pool
        init(pool: Pool) { self.pool = pool }
    }

    @MainActor final class ViewModel {
        let store: Store
        var title = ""
        /// Whether the initializer ran on the main dispatch queue, the main
        /// actor's executor. Not the main thread: on Linux, once the test
        /// runner calls `dispatch_main`, a worker thread drains that queue,
        /// and not always the same one.
        let madeOnMainQueue: Bool
        init(store: Store, mainQueue: DispatchSpecificKey<Bool>) {
            self.store = store
            madeOnMainQueue = DispatchQueue.getSpecific(key: mainQueue) ?? false
        }
    }

    /// Plain `Sendable` types that nothing makes suspend.
    final class Lamp: Sendable { init() {} }
    final class Gate: Sendable { init() {} }

    /// What happened, in order, across tasks.
    final class Events: @unchecked Sendable {
        private var list: [String] = []
        private let lock = NSLock()
        func add(_ event: String) { lock.withLock { list.append(event) } }
        var all: [String] { lock.withLock { list } }
    }

    /// `mainQueue` marks the main dispatch queue for a test that sets it there.
    static func registry(events: Events = Events(), poolDelay: Duration = .milliseconds(5),
                         mainQueue: DispatchSpecificKey<Bool> = DispatchSpecificKey()) -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Pool.self, isolation: .actor) { pool in
            pool.initializer { () async throws in
                events.add("pool built")
                return try await Pool(delay: poolDelay)
            }
            pool.callback("close") { (pool: Pool) async in
                await pool.close()
                events.add("pool closed")
            }
        }
        registry.register(Store.self) { store in
            store.initializer("init(pool:)") { (pool: Pool) in Store(pool: pool) }
        }
        registry.register(ViewModel.self, isolation: .mainActor) { viewModel in
            viewModel.initializer("init(store:)") { @MainActor (store: Store) async in
                ViewModel(store: store, mainQueue: mainQueue)
            }
            viewModel.property("title") { @MainActor (viewModel: ViewModel, title: String) async in viewModel.title = title }
        }
        return registry
    }

    static let assembly = """
        <component class="Pool" key="pool" scope="singleton" lazy-init="yes" destroy-method="close"/>
        <component class="Store" key="store" scope="singleton" lazy-init="yes">
            <initializer selector="init(pool:)"><argument parameterName="pool" ref="pool"/></initializer>
        </component>
        <component class="ViewModel" key="viewModel" scope="prototype">
            <initializer selector="init(store:)"><argument parameterName="store" ref="store"/></initializer>
            <property name="title" value="${title}"/>
        </component>
        """

    static func factory(_ components: String = assembly, registry: ComponentRegistry = registry()) throws -> Factory {
        try AssemblyFixture.factory(components, properties: ["title": "Knights"], registry: registry)
    }

    @Test func theSynchronousLookupRefusesWhatCanSuspendWithTheChain() throws {
        let factory = try Self.factory()
        let error = #expect(throws: DiagnosticReport.self) { try factory.component(forKey: "viewModel") }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.code == .requiresAsync)
        #expect(diagnostic.message.contains("(viewModel (@MainActor init))"), "\(diagnostic.message)")
        #expect(diagnostic.location?.line == AssemblyFixture.line(of: "key=\"viewModel\"", in: Self.assembly))
        let store = #expect(throws: DiagnosticReport.self) { try factory.component(forKey: "store") }
        #expect(store?.diagnostics.first?.message.contains("(store → pool (async init))") == true, "\(store?.description ?? "")")
    }

    @MainActor
    @Test func theAsyncLookupBuildsAMainActorViewModelOnTheMainActor() async throws {
        let mainQueue = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: mainQueue, value: true)
        defer { DispatchQueue.main.setSpecific(key: mainQueue, value: nil) }
        let factory = try Self.factory(registry: Self.registry(mainQueue: mainQueue))
        let viewModel = try await factory.async.component(forKey: "viewModel", as: ViewModel.self)
        #expect(viewModel.madeOnMainQueue, "made where the main actor runs")
        #expect(viewModel.title == "Knights")
        #expect(await viewModel.store.pool.isOpen)
        let again = try await factory.async.component(forKey: "viewModel", as: ViewModel.self)
        #expect(again !== viewModel, "a prototype")
        #expect(again.store === viewModel.store, "the store is a singleton")
    }

    @Test func theAsyncLookupWorksFromADetachedTaskAndAStoreStaysNonisolated() async throws {
        let factory = try Self.factory()
        let store = try await Task.detached { try await factory.async.component(forKey: "store", as: Store.self) }.value
        #expect(await store.pool.isOpen)
        #expect(try await factory.async.component(ofType: Store.self) === store)
    }

    @Test func aSynchronousHandleIsRefusedWithTheChainAndTheClassToListWhenBuildingCanSuspend() throws {
        var registry = Self.registry()
        registry.register(Lamp.self) { $0.initializer { Lamp() } }
        let factory = try Self.factory(Self.assembly + "<component class=\"Lamp\" key=\"lamp\" scope=\"singleton\"/>",
                                       registry: registry)
        let error = #expect(throws: DiagnosticReport.self) { try factory.synchronousHandle(forKey: "store", as: Store.self) }
        #expect(error?.diagnostics.map(\.code) == [.requiresAsync])
        #expect(error?.diagnostics.first?.message.contains("(store → pool (async init))") == true, "\(String(describing: error))")
        // Made for a typed key: the fix is the class to list in the plugin's settings, not the way the app loads.
        #expect(error?.diagnostics.first?.message.contains(#"add "Pool" to "typedKeys": {"suspending": [...]} in component-factory.json"#) == true,
                "\(String(describing: error))")
        #expect(error?.diagnostics.first?.message.contains("Factory.loadAsync") == false, "\(String(describing: error))")
        let lamp = try factory.synchronousHandle(forKey: "lamp", as: Lamp.self)
        #expect(try factory.component(lamp) === factory.component(forKey: "lamp", as: Lamp.self))
    }

    @Test func whatCannotSuspendTheAsyncLookupBuildsAsTheSynchronousOneDoes() async throws {
        var registry = Self.registry()
        registry.register(Lamp.self) { $0.initializer { Lamp() } }
        let factory = try Self.factory(Self.assembly + "<component class=\"Lamp\" key=\"lamp\" scope=\"singleton\"/>",
                                       registry: registry)
        let synchronous = try factory.component(forKey: "lamp", as: Lamp.self)
        #expect(try await factory.async.component(forKey: "lamp", as: Lamp.self) === synchronous)
    }

    @Test func aThousandTasksAskingAtOnceBuildASlowSingletonOnce() async throws {
        let events = Events()
        let factory = try Self.factory(registry: Self.registry(events: events, poolDelay: .milliseconds(50)))
        let pools = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<1_000 {
                group.addTask { ObjectIdentifier(try await factory.async.component(forKey: "pool", as: Pool.self)) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }
        #expect(pools.count == 1)
        #expect(events.all == ["pool built"])
    }

    @Test func theSynchronousLoadRefusesAnEagerSingletonThatCanSuspendAtItsLine() throws {
        let eager = Self.assembly.replacingOccurrences(of: "scope=\"singleton\" lazy-init=\"yes\" destroy-method", with: "scope=\"singleton\" destroy-method")
        let error = #expect(throws: DiagnosticReport.self) { try Self.factory(eager) }
        #expect(error?.diagnostics.map(\.code) == [.requiresAsync])
        #expect(error?.diagnostics.first?.location?.line == AssemblyFixture.line(of: "key=\"pool\"", in: eager))
        #expect(error?.diagnostics.first?.message.contains("Factory.loadAsync") == true)
    }

    @Test func theAsyncLoadBuildsEagerSingletonsThatSuspend() async throws {
        let directory = try TemporaryDirectory()
        let eager = Self.assembly.replacingOccurrences(of: "scope=\"singleton\" lazy-init=\"yes\" destroy-method", with: "scope=\"singleton\" destroy-method")
        let path = try directory.write("Assemblies/app.xml", "<assembly>\n\(eager)\n</assembly>\n")
        try directory.write("Config/app.properties", "title = Knights\n")
        let events = Events()
        let factory = try await Factory.loadAsync(assemblies: [.path(path)], config: .path(directory.file("Config")),
                                                  environment: nil,
                                                  registry: Self.registry(events: events))
        #expect(events.all == ["pool built"], "built at load")
        #expect(await (try factory.async.component(forKey: "pool", as: Pool.self)).isOpen)
        try await factory.async.shutdown()
        #expect(events.all == ["pool built", "pool closed"])
    }

    @Test func aDestroyMethodThatHangsIsReportedAndTheOthersStillRunInOrder() async throws {
        let events = Events()
        var registry = Self.registry(events: events)
        registry.register(Lamp.self) { lamp in
            lamp.initializer { Lamp() }
            lamp.callback("hang") { (_: Lamp) async in
                events.add("hang started")
                // Runs on for two minutes whatever the deadline: cancelling the caller does not stop it.
                await Task.detached { try? await Task.sleep(for: .seconds(120)) }.value
            }
        }
        registry.register(Gate.self) { gate in
            gate.initializer { Gate() }
            gate.callback("lock") { _ in events.add("gate locked") }
        }
        let factory = try Self.factory(Self.assembly + """
            <component class="Gate" key="gate" scope="singleton" lazy-init="yes" destroy-method="lock"/>
            <component class="Lamp" key="lamp" scope="singleton" lazy-init="yes" destroy-method="hang"/>
            """, registry: registry)
        _ = try await factory.async.component(forKey: "pool", as: Pool.self)
        _ = try factory.component(forKey: "gate")
        _ = try factory.component(forKey: "lamp")
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: DiagnosticReport.self) { try await factory.async.shutdown(timeout: .milliseconds(200)) }
        // Well under the hang's two minutes; not tighter, since a busy 2-core machine can hold the deadline's timer back for seconds.
        #expect(clock.now - start < .seconds(60), "the hang was not waited for")
        #expect(error?.diagnostics.map(\.code) == [.buildFailed])
        #expect(error?.diagnostics.first?.message.contains("destroy method 'hang' of component 'lamp' did not finish within") == true)
        // Newest first: the lamp, then the gate, then the pool.
        #expect(events.all == ["pool built", "hang started", "gate locked", "pool closed"])
    }

    @Test func theSynchronousShutdownRefusesAnAsyncDestroyMethodAndRunsTheRest() async throws {
        let factory = try Self.factory()
        _ = try await factory.async.component(forKey: "store", as: Store.self)
        let error = #expect(throws: DiagnosticReport.self) { try factory.shutdown() }
        #expect(error?.diagnostics.map(\.code) == [.requiresAsync])
    }

    @Test func aPatchReplacesAnActorForTheAsyncLookup() async throws {
        let factory = try Self.factory()
        let stub = try await Pool(delay: .zero)
        _ = try factory.patch(key: "pool") { stub }
        let store = try await factory.async.component(forKey: "store", as: Store.self)
        #expect(store.pool === stub)
    }

    /// A wagon made by an async initializer of six parameters (more than
    /// are held inline), and a horseshoe made by an async factory method.
    final class Wagon: Sendable {
        let wheels: Int, name: String, lamp: Lamp, gate: Gate, axles: Int, owner: String
        init(wheels: Int, name: String, lamp: Lamp, gate: Gate, axles: Int, owner: String) {
            (self.wheels, self.name, self.lamp, self.gate, self.axles, self.owner) = (wheels, name, lamp, gate, axles, owner)
        }
    }
    final class Forge: Sendable { let metal: String; init(metal: String) { self.metal = metal } }
    final class Horseshoe: Sendable { let label: String; init(label: String) { self.label = label } }
    /// Watches an instance without keeping it.
    final class Watch: @unchecked Sendable { weak var object: AnyObject? }

    static func wagonFactory() throws -> Factory {
        var registry = ComponentRegistry()
        registry.register(Lamp.self) { $0.initializer { Lamp() } }
        registry.register(Gate.self) { $0.initializer { Gate() } }
        registry.register(Wagon.self) { wagon in
            wagon.initializer("init(wheels:name:lamp:gate:axles:owner:)") {
                (wheels: Int, name: String, lamp: Lamp, gate: Gate, axles: Int, owner: String) async in
                Wagon(wheels: wheels, name: name, lamp: lamp, gate: gate, axles: axles, owner: owner)
            }
        }
        registry.register(Forge.self) { forge in
            forge.initializer("init(metal:)") { (metal: String) async in Forge(metal: metal) }
            forge.factoryMethod("shoe(size:)", returns: Horseshoe.self) { (forge: Forge, size: Int) async in
                Horseshoe(label: "\(forge.metal) \(size)")
            }
        }
        return try AssemblyFixture.factory("""
            <component class="Lamp" key="lamp" scope="prototype"/>
            <component class="Gate" key="gate" scope="prototype"/>
            <component class="Wagon" key="wagon" scope="prototype">
                <initializer selector="init(wheels:name:lamp:gate:axles:owner:)">
                    <argument parameterName="wheels" value="4"/><argument parameterName="name" value="Hay"/>
                    <argument parameterName="lamp" ref="lamp"/><argument parameterName="gate" ref="gate"/>
                    <argument parameterName="axles" value="2"/><argument parameterName="owner" value="Gwen"/>
                </initializer>
            </component>
            <component class="Forge" key="forge" scope="singleton" lazy-init="yes">
                <initializer selector="init(metal:)"><argument parameterName="metal" value="iron"/></initializer>
            </component>
            <component key="horseshoe" scope="prototype" factory-component="forge">
                <initializer selector="shoe(size:)"><argument parameterName="size" value="7"/></initializer>
            </component>
            """, registry: registry)
    }

    @Test func anAsyncInitializerOfSixParametersAndAnAsyncFactoryMethodGetTheirArguments() async throws {
        let factory = try Self.wagonFactory()
        let wagon = try await factory.async.component(forKey: "wagon", as: Wagon.self)
        #expect(wagon.wheels == 4 && wagon.axles == 2)
        #expect(wagon.name == "Hay" && wagon.owner == "Gwen")
        let shoe = try await factory.async.component(forKey: "horseshoe", as: Horseshoe.self)
        #expect(shoe.label == "iron 7")
    }

    @Test func anArgumentOfTheWrongTypeFailsTheBuildAndIsReleased() async throws {
        let factory = try Self.wagonFactory()
        let wrong = Watch(), next = Watch()
        _ = try factory.patch(key: "lamp") {
            let gate = Gate()
            wrong.object = gate
            return gate
        }
        _ = try factory.patch(key: "gate") {
            let gate = Gate()
            next.object = gate
            return gate
        }
        let error = await #expect(throws: DiagnosticReport.self) { try await factory.async.component(forKey: "wagon", as: Wagon.self) }
        #expect(error?.diagnostics.first?.code == .buildFailed)
        #expect(error?.description.contains("Lamp") == true, "\(error?.description ?? "")")
        #expect(wrong.object == nil, "the argument that did not fit was released")
        #expect(next.object == nil, "and so was the one after it, never handed over")
    }

    /// One link of a chain of async prototypes; the last one's maker fails.
    final class Link: Sendable {
        let next: Link?
        init(next: Link?) { self.next = next }
    }
    struct BrokenLink: Error {}

    @Test func aFailureFortyComponentsDeepNamesTheWholePath() async throws {
        var registry = ComponentRegistry()
        registry.register(Link.self) { link in
            link.initializer("init(next:)") { (next: Link) async in Link(next: next) }
            link.initializer("broken") { () async throws in throw BrokenLink() }
        }
        let links = (0..<39).map { index in
            """
            <component class="Link" key="link\(index)" scope="prototype">
                <initializer selector="init(next:)"><argument parameterName="next" ref="link\(index + 1)"/></initializer>
            </component>
            """
        }
        let factory = try AssemblyFixture.factory(links.joined() + """
            <component class="Link" key="link39" scope="prototype"><initializer selector="broken"/></component>
            """, registry: registry)
        let error = await #expect(throws: DiagnosticReport.self) { try await factory.async.component(forKey: "link0", as: Link.self) }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.code == .buildFailed)
        let path = (0...39).map { "link\($0)" }.joined(separator: " → ")
        #expect(diagnostic.message.contains("(\(path))"), "\(diagnostic.message)")
    }

    /// A chain of `asyncCount` links whose makers are async, over `syncCount`
    /// whose makers are not (built by the synchronous path, under the async
    /// lookup), ending in a link made by `last`.
    static func chain(asyncCount: Int, syncCount: Int, last: String) throws -> Factory {
        var registry = ComponentRegistry()
        registry.register(Link.self) { link in
            link.initializer("async(next:)") { (next: Link) async in Link(next: next) }
            link.initializer("init(next:)") { (next: Link) in Link(next: next) }
            link.initializer("end") { Link(next: nil) }
            link.initializer("broken") { () throws -> Link in throw BrokenLink() }
        }
        let count = asyncCount + syncCount
        let links = (0..<count).map { index in
            """
            <component class="Link" key="link\(index)" scope="prototype">
                <initializer selector="\(index < asyncCount ? "async(next:)" : "init(next:)")">\
            <argument parameterName="next" ref="link\(index + 1)"/></initializer>
            </component>
            """
        }
        return try AssemblyFixture.factory(links.joined() + """
            <component class="Link" key="link\(count)" scope="prototype"><initializer selector="\(last)"/></component>
            """, registry: registry)
    }

    @Test func aFailureInWhatTheAsyncLookupBuildsSynchronouslyNamesThePathFromTheTop() async throws {
        let factory = try Self.chain(asyncCount: 2, syncCount: 2, last: "broken")
        let error = await #expect(throws: DiagnosticReport.self) { try await factory.async.component(forKey: "link0", as: Link.self) }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.code == .buildFailed)
        #expect(diagnostic.message.contains("(link0 → link1 → link2 → link3 → link4)"), "\(diagnostic.message)")
    }

    @Test func theAsyncAndTheSynchronousPartOfALookupShareOneDepthBound() async throws {
        let half = Factory.maximumNesting / 2 + 10
        let tooDeep = try Self.chain(asyncCount: half, syncCount: half, last: "end")
        let error = await #expect(throws: DiagnosticReport.self) { try await tooDeep.async.component(forKey: "link0", as: Link.self) }
        #expect(error?.diagnostics.first?.message.contains("more than \(Factory.maximumNesting) deep") == true, "\(String(describing: error))")
        let within = try Self.chain(asyncCount: half, syncCount: Factory.maximumNesting - half - 1, last: "end")
        var link: Link? = try await within.async.component(forKey: "link0", as: Link.self)
        var length = 0
        while let current = link {
            length += 1
            link = current.next
        }
        #expect(length == Factory.maximumNesting, "a chain as deep as the bound builds")
    }
}
