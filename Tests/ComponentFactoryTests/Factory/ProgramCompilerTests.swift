@_spi(Tooling) @_spi(Patching) @testable import ComponentFactory
import Synchronization
import Testing

/// Programs of components with properties, callbacks, `depends-on`, a
/// factory method or post-processors: laid out in the order a frame builds
/// them, and run by both lookups to the same result as frames.
@Suite struct ProgramCompilerTests {
    final class Ledger: Sendable {}

    final class Lamp: Sendable {
        let watts: Int
        init(watts: Int) { self.watts = watts }
    }

    /// A desk with a lamp and a name set by its properties, which it writes down.
    final class Desk {
        let journal: EventLog
        var lamp: Lamp? { didSet { journal.record("set lamp") } }
        var name = "" { didSet { journal.record("set name") } }
        init(journal: EventLog) { self.journal = journal }
    }

    /// The same with async setters and callbacks.
    final class AsyncDesk: Sendable {
        let lamp = Mutex<Lamp?>(nil)
        let name = Mutex("")
    }

    /// `failing` names the callback that throws.
    private static func registry(_ journal: EventLog, failing: String = "") -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Ledger.self) { $0.initializer("init") { journal.record("ledger"); return Ledger() } }
        registry.register(Lamp.self) {
            $0.initializer("initWithWatts:") { (watts: Int) in journal.record("lamp \(watts)"); return Lamp(watts: watts) }
        }
        registry.register(Desk.self) { desk in
            desk.initializer("init") { journal.record("desk"); return Desk(journal: journal) }
            desk.property("lamp", \.lamp)
            desk.property("name", \.name)
            desk.callback("before") { (_: inout Desk) in journal.record("before") }
            desk.callback("ready") { (desk: inout Desk) in
                if failing == "ready" { throw Refused() }
                journal.record("ready \(desk.name)")
            }
        }
        registry.register(AsyncDesk.self) { desk in
            desk.initializer("init") { journal.record("desk"); return AsyncDesk() }
            desk.property("lamp") { (desk: AsyncDesk, lamp: Lamp) async in journal.record("set lamp"); desk.lamp.withLock { $0 = lamp } }
            desk.property("name") { (desk: AsyncDesk, name: String) async in journal.record("set name"); desk.name.withLock { $0 = name } }
            desk.callback("before") { (_: AsyncDesk) async in journal.record("before") }
            desk.callback("ready") { (desk: AsyncDesk) async in journal.record("ready \(desk.name.withLock { $0 })") }
        }
        return registry
    }

    struct Refused: Error {}

    /// The desk, of `type`: a `depends-on` singleton, a property built and a constant one, and two callbacks.
    private static func assembly(_ type: String = "Desk") -> String {
        """
        <component class="Ledger" key="ledger" scope="singleton"/>
        <component class="Lamp" key="lamp" scope="prototype">
            <initializer selector="initWithWatts:"><argument parameterName="watts" value="40"/></initializer>
        </component>
        <component class="\(type)" key="desk" depends-on="ledger" before-property-injection="before" init-method="ready">
            <property name="lamp" ref="lamp"/>
            <property name="name" value="oak"/>
        </component>
        """
    }

    private static func program(_ key: String, of factory: Factory) throws -> ResolutionProgram? {
        let index = try #require(factory.index(ofKey: key))
        return factory.table.programs.program(index)?.pointee
    }

    private static func describe(_ program: ResolutionProgram) -> [String] {
        program.steps.map { step in
            let key = step.plan.takeUnretainedValue().key
            let mark = step.suspends ? ", suspends" : ""
            switch step.action {
            case .make, .makeInScope, .makeInGraph: return "make \(key)\(mark)"
            case .findInScope, .findInGraph: return "find \(key) → \(step.next)"
            case .set: return "set \(key).\(step.plan.takeUnretainedValue().properties[Int(step.next)].registration.name)\(mark)"
            case .callback: return "\(key) \(ResolutionProgram.callbacks[Int(step.next)])\(mark)"
            case .keepInScope, .keepInGraph: return "keep \(key)"
            case .postProcess: return "post-process \(key)"
            case .gather: return "gather for \(key)"
            case .inherited: return "inherit for \(key)"
            case .enter, .leave, .publish, .unpublish: return "\(step.action) \(key)"
            case .resolve: return "resolve #\(step.arguments)\(step.next >= 0 ? " for property \(step.next)" : "") into \(step.register)"
            }
        }
    }

    @Test func aComponentWithPropertiesCallbacksAndDependsOnIsLaidOutInTheOrderItIsBuilt() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(), registry: Self.registry(EventLog()))
        let program = try #require(try Self.program("desk", of: factory))
        #expect(Self.describe(program) == ["find desk → 8", "make desk", "desk beforePropertyInjection", "make lamp", "set desk.lamp",
                                           "set desk.name", "desk initMethod", "keep desk"])
        #expect(program.singletons.map { factory.table.plans[$0.index].key } == ["ledger"], "the depends-on, read first")
    }

    /// The example in ResolutionProgram's header.
    @Test func theHeadersDeskIsLaidOutAsItsExampleSays() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="Ledger" key="ledger" scope="singleton"/>
            <component class="Lamp" key="lamp" scope="prototype">
                <initializer selector="initWithWatts:"><argument parameterName="watts" value="40"/></initializer>
            </component>
            <component class="Desk" key="desk" depends-on="ledger" init-method="ready"><property name="lamp" ref="lamp"/></component>
            """, registry: Self.registry(EventLog()))
        let program = try #require(try Self.program("desk", of: factory))
        #expect(Self.describe(program) == ["find desk → 6", "make desk", "make lamp", "set desk.lamp", "desk initMethod", "keep desk"])
    }

    @Test func aFramesProgramResolvesEachNeedAndFramesTheMakingAndTheProperties() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(), registry: Self.registry(EventLog()))
        let desk = try #require(factory.index(ofKey: "desk"))
        let (ledger, lamp) = try (#require(factory.index(ofKey: "ledger")), #require(factory.index(ofKey: "lamp")))
        let program = factory.table.programs.frame(desk).pointee
        #expect(Self.describe(program) == ["enter desk", "resolve #\(ledger) into 1", "make desk", "leave desk", "publish desk",
                                           "desk beforePropertyInjection", "resolve #\(lamp) for property 0 into 2", "set desk.lamp",
                                           "set desk.name", "desk initMethod", "unpublish desk"])
        #expect(program.registerCount == 3, "the desk's, the ledger's and the lamp's")
        #expect(Self.describe(factory.table.programs.frame(lamp).pointee) == ["enter lamp", "make lamp", "leave lamp"])
    }

    final class Teller {
        let ledger: Ledger
        var audit: Audit?
        init(ledger: Ledger) { self.ledger = ledger }
    }

    final class Audit {
        weak var teller: Teller?
    }

    /// The frames' example in ResolutionProgram's header (and Factory+Building's).
    @Test func theHeadersTellerIsLaidOutAsItsExampleSaysAndItsCycleResolves() throws {
        var registry = Self.registry(EventLog())
        registry.register(Teller.self) { teller in
            teller.initializer("initWithLedger:") { (ledger: Ledger) in Teller(ledger: ledger) }
            teller.property("audit", \.audit)
        }
        registry.register(Audit.self) { audit in
            audit.initializer("init") { Audit() }
            audit.property("teller", \.teller)
        }
        let factory = try AssemblyFixture.factory("""
            <component class="Ledger" key="ledger" scope="singleton" lazy-init="true"/>
            <component class="Teller" key="teller" scope="prototype" depends-on="ledger">
                <initializer selector="initWithLedger:"><argument parameterName="ledger" ref="ledger"/></initializer>
                <property name="audit" ref="audit"/>
            </component>
            <component class="Audit" key="audit" scope="prototype"><property name="teller" ref="teller"/></component>
            """, registry: registry)
        let (teller, audit) = try (#require(factory.index(ofKey: "teller")), #require(factory.index(ofKey: "audit")))
        #expect(try Self.program("teller", of: factory) == nil, "a cycle has no straight-through program")
        #expect(Self.describe(factory.table.programs.frame(teller).pointee)
                    == ["enter teller", "resolve #\(try #require(factory.index(ofKey: "ledger"))) into 1",
                        "resolve #\(try #require(factory.index(ofKey: "ledger"))) into 2", "make teller", "leave teller",
                        "publish teller", "resolve #\(audit) for property 0 into 3", "set teller.audit", "unpublish teller"])
        let built = try factory.component(forKey: "teller", as: Teller.self)
        #expect(built.audit?.teller === built, "the audit was given the teller published before its properties were set")
    }

    @Test func theProgramBuildsWhatFramesBuildInTheSameOrder() throws {
        let byProgram = EventLog()
        let desk = try AssemblyFixture.factory(Self.assembly(), registry: Self.registry(byProgram)).component(forKey: "desk", as: Desk.self)
        let checked = EventLog()
        let patchedFactory = try AssemblyFixture.factory(Self.assembly() + "\n<component class=\"Ledger\" key=\"spare\"/>",
                                                         registry: Self.registry(checked))
        // Any patch sends every lookup onto frames.
        _ = try patchedFactory.patch(key: "spare") { Ledger() }
        let checkedDesk = try patchedFactory.component(forKey: "desk", as: Desk.self)
        #expect(byProgram.all == ["ledger", "desk", "before", "lamp 40", "set lamp", "set name", "ready oak"])
        #expect(checked.all == byProgram.all)
        #expect(desk.lamp?.watts == 40 && checkedDesk.name == "oak")
    }

    @Test func asyncSettersAndCallbacksAreStepsThatSuspendAndTheAsyncLookupAwaitsThemInOrder() async throws {
        let journal = EventLog()
        let factory = try AssemblyFixture.factory(Self.assembly("AsyncDesk"), registry: Self.registry(journal))
        let program = try #require(try Self.program("desk", of: factory))
        #expect(Self.describe(program) == ["find desk → 8", "make desk", "desk beforePropertyInjection, suspends", "make lamp",
                                           "set desk.lamp, suspends", "set desk.name, suspends", "desk initMethod, suspends", "keep desk"])
        let refused = thrown { _ = try factory.component(forKey: "desk", as: AsyncDesk.self) }
        #expect((refused as? DiagnosticReport)?.diagnostics.first?.code == .requiresAsync)
        let desk = try await factory.async.component(forKey: "desk", as: AsyncDesk.self)
        #expect(journal.all == ["ledger", "desk", "before", "lamp 40", "set lamp", "set name", "ready oak"])
        #expect(desk.lamp.withLock { $0?.watts } == 40)
    }

    /// Makes lamps by its factory method.
    final class Workshop: Sendable {
        let watts: Int
        init(watts: Int) { self.watts = watts }
    }

    /// Replaces every lamp with a brighter one, and lets the rest through.
    struct Brightening: ComponentPostProcessor {
        func postProcess(_ component: Any, key: String) throws -> Any {
            (component as? Lamp).map { Lamp(watts: $0.watts * 2) } ?? component
        }
    }

    @Test func aFactoryMethodsComponentIsMadeBeforeTheMakingThatCallsIt() async throws {
        var registry = Self.registry(EventLog())
        registry.register(Workshop.self) { workshop in
            workshop.initializer("initWithWatts:") { (watts: Int) in Workshop(watts: watts) }
            workshop.factoryMethod("lampWithExtra:", returns: Lamp.self) { (workshop: Workshop, extra: Int) in
                Lamp(watts: workshop.watts + extra)
            }
        }
        let factory = try AssemblyFixture.factory("""
            <component class="Workshop" key="workshop" scope="prototype">
                <initializer selector="initWithWatts:"><argument parameterName="watts" value="60"/></initializer>
            </component>
            <component key="lamp" scope="prototype" factory-component="workshop">
                <initializer selector="lampWithExtra:"><argument parameterName="extra" value="5"/></initializer>
            </component>
            """, registry: registry)
        let program = try #require(try Self.program("lamp", of: factory))
        #expect(Self.describe(program) == ["make workshop", "make lamp"])
        #expect(program.steps[1].next == 1, "the workshop's register")
        #expect(try factory.component(forKey: "lamp", as: Lamp.self).watts == 65)
        #expect(try await factory.async.component(forKey: "lamp", as: Lamp.self).watts == 65)
    }

    @Test func aRequestComponentIsKeptInTheScopeAsThePostProcessorsLeaveIt() async throws {
        var registry = Self.registry(EventLog())
        registry.add(Brightening())
        let factory = try AssemblyFixture.factory("""
            <component class="Lamp" key="lamp" scope="request">
                <initializer selector="initWithWatts:"><argument parameterName="watts" value="40"/></initializer>
            </component>
            """, registry: registry)
        let program = try #require(try Self.program("lamp", of: factory))
        #expect(Self.describe(program) == ["find lamp → 4", "make lamp", "post-process lamp", "keep lamp"])
        let (first, second) = try await factory.withScope { scope in
            (try await scope.component(forKey: "lamp", as: Lamp.self), try await scope.component(forKey: "lamp", as: Lamp.self))
        }
        #expect(first.watts == 80 && first === second, "the brighter lamp, kept once")
    }

    @Test func collectionsAndDictionariesAreGatheredByStepsAfterTheirItems() throws {
        let assembly = """
            <component class="ElectricEngine" key="engine"/>
            <component class="Driver" key="alice" scope="prototype"><property name="name" value="Alice"/></component>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="passengers"><collection><ref>alice</ref><ref>alice</ref></collection></property>
                <property name="ratings">
                    <collection requiredType="Dictionary"><entry key="speed" value="9"/></collection>
                </property>
            </component>
            <component class="ElectricEngine" key="spare"/>
            """
        let factory = try AssemblyFixture.factory(assembly, registry: Garage.registry())
        let program = try #require(try Self.program("car", of: factory))
        #expect(Self.describe(program) == ["find car → 13", "find engine → 3", "make engine", "make car", "make alice", "set alice.name",
                                           "make alice", "set alice.name", "gather for car", "set car.passengers", "gather for car",
                                           "set car.ratings", "keep car"])
        #expect(Self.describe(program).filter { $0 == "gather for car" }.count == 2)
        let car = try factory.component(forKey: "car", as: Car.self)
        #expect(car.passengers.map(\.name) == ["Alice", "Alice"] && car.passengers[0] !== car.passengers[1])
        #expect(car.ratings == ["speed": 9])
        let checked = try AssemblyFixture.factory(assembly, registry: Garage.registry())
        _ = try checked.patch(key: "spare") { ElectricEngine() }
        let checkedCar = try checked.component(forKey: "car", as: Car.self)
        #expect(checkedCar.passengers.map(\.name) == car.passengers.map(\.name) && checkedCar.ratings == car.ratings)
    }

    @Test func aCollectionLongerThanAProgramHoldsIsBuiltOnFrames() throws {
        // Constants: no register each, only a lane.
        let items = (0...ResolutionProgram.maximumLanes).map { "<value>tag\($0)</value>" }.joined()
        let factory = try AssemblyFixture.factory("""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car" scope="prototype">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="tags"><collection requiredType="Set">\(items)</collection></property>
            </component>
            """, registry: Garage.registry())
        #expect(try Self.program("car", of: factory) == nil, "each component that needs it would lay the collection out again")
        #expect(try factory.component(forKey: "car", as: Car.self).tags.count == ResolutionProgram.maximumLanes + 1)
    }

    @Test(arguments: ["Desk", "AsyncDesk"])
    func aParentFactorysComponentIsLookedUpByAStepOfItsOwn(desk type: String) async throws {
        let journal = EventLog()
        let parent = try AssemblyFixture.factory("""
            <component class="Lamp" key="lamp" scope="prototype">
                <initializer selector="initWithWatts:"><argument parameterName="watts" value="40"/></initializer>
            </component>
            """, registry: Self.registry(journal))
        let child = try Factory(assemblies: AssemblyFixture.assemblies("""
            <component class="\(type)" key="desk" scope="prototype"><property name="lamp" ref="lamp"/></component>
            """), configuration: AssemblyFixture.configuration([:]), registry: Self.registry(journal), parent: parent)
        let program = try #require(try Self.program("desk", of: child))
        let suspends = type == "AsyncDesk" ? ", suspends" : ""
        #expect(Self.describe(program) == ["make desk", "inherit for desk", "set desk.lamp\(suspends)"])
        if type == "Desk" {
            #expect(try child.component(forKey: "desk", as: Desk.self).lamp?.watts == 40)
        } else {
            // The async lookup awaits the parent's component between runs of the loop.
            #expect(try await child.async.component(forKey: "desk", as: AsyncDesk.self).lamp.withLock { $0?.watts } == 40)
        }
        #expect(journal.all == ["desk", "lamp 40", "set lamp"])
    }

    /// A node of a cycle, closed by its property.
    final class Node {
        var next: Node?
    }

    @Test func aCycleThroughPropertiesHasNoProgramAndStillResolves() throws {
        var registry = ComponentRegistry()
        registry.register(Node.self) { node in
            node.initializer("init") { Node() }
            node.property("next", \.next)
        }
        let factory = try AssemblyFixture.factory("""
            <component class="Node" key="first"><property name="next" ref="second"/></component>
            <component class="Node" key="second"><property name="next" ref="first"/></component>
            """, registry: registry)
        #expect(try Self.program("first", of: factory) == nil, "the tree of a cycle has no end")
        let first = try factory.component(forKey: "first", as: Node.self)
        #expect(first.next?.next === first)
        first.next = nil
    }

    @Test func aCallbackThatFailsInAProgramNamesThePathToItsComponent() throws {
        let journal = EventLog()
        let factory = try AssemblyFixture.factory(Self.assembly() + """

            <component class="Ledger" key="office" scope="prototype" depends-on="desk"/>
            """, registry: Self.registry(journal, failing: "ready"))
        #expect(try Self.program("office", of: factory) != nil)
        let report = thrown { _ = try factory.component(forKey: "office", as: Ledger.self) }
        let diagnostic = try #require((report as? DiagnosticReport)?.diagnostics.first)
        #expect(diagnostic.message.contains("building 'desk' (office → desk) failed"), "\(diagnostic)")
        #expect(diagnostic.underlyingError is Refused)
        #expect(!journal.all.contains { $0.hasPrefix("ready") })
    }
}
