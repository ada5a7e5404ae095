@_spi(Tooling) import FactoryTool
@_spi(CompiledWiring) @_spi(Patching) @_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import SystemSupport
import Testing
import WiringFixture

/// Compiled wiring's typed accessors and printed makers, on the fixture app of
/// `Tests/WiringFixture`, whose `Wiring/` is what `compile-wiring --module` writes.
@Suite struct PrintedMakerTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    private static let fixture = root + "/Tests/WiringFixture"

    /// `compile-wiring` for the fixture, its paths relative to the package's root, where
    /// `swift test` runs; `COMPONENT_FACTORY_WRITE_WIRING=1` writes the files instead of checking them.
    private static func compile(check: Bool) async -> ToolResult {
        await FactoryTool.run(
            arguments: ["compile-wiring", "Tests/WiringFixture/Assemblies/Room.xml", "--config", "Tests/WiringFixture/Config",
                        "--output", "Tests/WiringFixture/Wiring", "--name", "RoomWiring", "--public", "--module", "WiringFixture"]
                + (check ? ["--check"] : []),
            environment: ToolEnvironment(registry: roomRegistry()))
    }

    @Test func theFixturesWiringIsWhatTheToolWritesNow() async throws {
        try #require(FileManager.default.currentDirectoryPath == Self.root, "swift test runs in the package's root")
        let write = ProcessInfo.processInfo.environment["COMPONENT_FACTORY_WRITE_WIRING"] == "1"
        let result = await Self.compile(check: !write)
        #expect(result.status == ToolResult.success, "\(result.standardError)")
    }
}

extension PrintedMakerTests {
    private static func options(_ environment: String) -> Factory.LoadOptions {
        .init(config: .path(fixture + "/Config"), environment: environment)
    }

    private static func compiled(_ environment: String, registry: ComponentRegistry = roomRegistry()) throws -> Factory {
        try Factory.load(compiled: RoomWiring.compiled, registry: registry, options: options(environment))
    }

    private static func interpreted(_ environment: String, registry: ComponentRegistry = roomRegistry()) throws -> Factory {
        try Factory.load(assemblies: [.path(fixture + "/Assemblies/Room.xml")], registry: registry, options: options(environment))
    }

    @Test(arguments: ["plain", "bright"])
    func eachAccessorGivesWhatTheKeyGivesInEachEnvironment(_ environment: String) throws {
        for factory in [try Self.compiled(environment), try Self.interpreted(environment)] {
            let components = RoomWiring.Components(factory)
            let room = try components.room()
            let byKey = try factory.component(forKey: "room", as: Room.self)
            #expect(room.lamp.watts == byKey.lamp.watts)
            #expect(room.lamp.bulb.color == byKey.lamp.bulb.color)
            #expect(room.lamp.watts == (environment == "bright" ? 60 : 40))
            #expect(room.lamp.bulb.color == (environment == "bright" ? "daylight" : "warm white"))
            // The switch is the engine's singleton, whoever asks; the rest is new at each call.
            #expect(room.light === byKey.light)
            #expect(try components.switch() === room.light)
            #expect(room !== byKey && room.lamp !== byKey.lamp)
            #expect(try components.lamp() !== components.lamp())
        }
    }

    /// study and room are one shape, and so are desk and lamp, and spareBulb and bulb: one maker makes each
    /// pair, by the member's own values and the member it calls.
    @Test(arguments: ["plain", "bright"])
    func oneMakerAShapeMakesEachMemberWithItsOwnValues(_ environment: String) throws {
        let compiled = try Self.compiled(environment)
        for factory in [compiled, try Self.interpreted(environment)] {
            let components = RoomWiring.Components(factory)
            let study = try components.study()
            #expect(study.lamp.watts == 25)
            #expect(study.lamp.bulb.color == (environment == "bright" ? "blue" : "red"))
            #expect(try components.room().lamp.watts == (environment == "bright" ? 60 : 40))
            #expect(try components.spareBulb().color == study.lamp.bulb.color)
            let byKey = try factory.component(forKey: "study", as: Room.self)
            #expect(byKey.lamp.watts == study.lamp.watts && byKey.lamp.bulb.color == study.lamp.bulb.color)
            #expect(try factory.component(forKey: "desk", as: Lamp.self).bulb.color == study.lamp.bulb.color)
        }
        let text = try String(contentsOfFile: Self.fixture + "/Wiring/RoomWiring.Components.swift", encoding: .utf8)
        #expect(text.components(separatedBy: "(_ member: Int)").count - 1 == 6,
                "one maker for each of bulb, lamp, room, wall, readingLamp and timer")
    }

    @Test func theEngineAllowsAPrintedMakerOnlyForAPlainPrototype() throws {
        let factory = try Self.compiled("plain")
        #expect(factory.printedMakers.maker(forKey: "bulb", type: ObjectIdentifier(Bulb.self), labels: ["color"], references: [nil])?
            .value(at: 0, as: String.self) == "warm white")
        #expect(factory.printedMakers.maker(forKey: "lamp", type: ObjectIdentifier(Lamp.self), labels: ["bulb", "watts"], references: ["bulb", nil]) != nil)
        // A singleton; a throwing initializer (no labels declared); another type, labels or reference; a value asked as a reference.
        #expect(factory.printedMakers.maker(forKey: "switch", type: ObjectIdentifier(Switch.self), labels: ["label"], references: [nil]) == nil)
        #expect(factory.printedMakers.maker(forKey: "clock", type: ObjectIdentifier(Clock.self), labels: ["ticking"], references: [nil]) == nil)
        #expect(factory.printedMakers.maker(forKey: "bulb", type: ObjectIdentifier(Lamp.self), labels: ["color"], references: [nil]) == nil)
        #expect(factory.printedMakers.maker(forKey: "bulb", type: ObjectIdentifier(Bulb.self), labels: ["colour"], references: [nil]) == nil)
        #expect(factory.printedMakers.maker(forKey: "lamp", type: ObjectIdentifier(Lamp.self), labels: ["bulb", "watts"], references: ["room", nil]) == nil)
        #expect(factory.printedMakers.maker(forKey: "bulb", type: ObjectIdentifier(Bulb.self), labels: ["color"], references: ["lamp"]) == nil)
        #expect(factory.printedMakers.maker(forKey: "nothing", type: ObjectIdentifier(Bulb.self), labels: ["color"], references: [nil]) == nil)
        // A value is given only as its own type.
        #expect(factory.printedMakers.maker(forKey: "bulb", type: ObjectIdentifier(Bulb.self), labels: ["color"], references: [nil])?.value(at: 0, as: Int.self) == nil)
        #expect(factory.printedMakers.maker(forKey: "bulb", type: ObjectIdentifier(Bulb.self), labels: ["color"], references: [nil])?.value(at: 1, as: String.self) == nil)
    }

    @Test func anyComponentPostProcessorSendsEveryAccessorToTheEngine() throws {
        struct Counting: ComponentPostProcessor {
            let seen = Locked<[String]>([])
            func postProcess(_ component: Any, key: String) throws -> Any {
                seen.withLock { $0.append(key) }
                return component
            }
        }
        let counting = Counting()
        var registry = roomRegistry()
        registry.add(counting)
        let factory = try Self.compiled("plain", registry: registry)
        #expect(factory.printedMakers.maker(forKey: "bulb", type: ObjectIdentifier(Bulb.self), labels: ["color"], references: [nil]) == nil)
        #expect(counting.seen.withLock { $0 } == ["switch"])  // the eager singleton, at load
        _ = try RoomWiring.Components(factory).lamp()
        #expect(counting.seen.withLock { $0 } == ["switch", "bulb", "lamp"])
    }

    @Test func whileAPatchIsInPlaceTheAccessorGivesThePatch() throws {
        let factory = try Self.compiled("plain")
        let components = RoomWiring.Components(factory)
        let stand = Bulb(color: "blue")
        let id = try factory.patch(key: "bulb") { stand }
        #expect(try components.room().lamp.bulb === stand)
        #expect(try components.bulb() === stand)
        factory.unpatch(id)
        #expect(try components.room().lamp.bulb.color == "warm white")
    }

    @Test func aFailureBelowAPrintedMakerIsTheEnginesOwn() throws {
        let factory = try Self.compiled("bright")  // clock.ticking = false
        let components = RoomWiring.Components(factory)
        var byKey = ""
        var accessor = ""
        do { _ = try factory.component(forKey: "wall", as: Wall.self) } catch { byKey = "\(error)" }
        do { _ = try components.wall() } catch { accessor = "\(error)" }
        #expect(byKey.contains("the clock is stopped"))
        #expect(accessor == byKey)
    }

    @Test func aPrintedMakerCallsTheInitializerNotTheRegisteredClosure() throws {
        // A registry whose Bulb closure counts its calls while declaring that it only calls init:
        // the engine's programs call the closure, a printed maker does not.
        let calls = Locked(0)
        var registry = roomRegistry()
        registry.register(Bulb.self) {
            $0.initializer("init(color:)") { (color: String) in
                calls.withLock { $0 += 1 }
                return Bulb(color: color)
            }
            $0.callsInitializer("init(color:)", labels: ["color"])
        }
        // Interpreted: no maker is installed, so the lookup by key runs the programs; the accessor prints.
        let interpreted = try Self.interpreted("plain", registry: registry)
        _ = try interpreted.component(forKey: "lamp", as: Lamp.self)
        #expect(calls.withLock { $0 } == 1)
        _ = try RoomWiring.Components(interpreted).lamp()
        #expect(calls.withLock { $0 } == 1)
        // Compiled: the load installed the pure makers, which the lookups by key and by handle run.
        let compiled = try Self.compiled("plain", registry: registry)
        _ = try compiled.component(forKey: "lamp", as: Lamp.self)
        _ = try compiled.component(compiled.handle(forKey: "bulb", as: Bulb.self))
        #expect(calls.withLock { $0 } == 1)
        // A mixed maker (the room asks the engine for its switch) is not installed: the programs run, and call the closure.
        _ = try compiled.component(forKey: "room", as: Room.self)
        #expect(calls.withLock { $0 } == 2)
        // While a patch is in place, the programs run, whatever is patched.
        let id = try compiled.patch(key: "switch") { Switch(label: "stand-in") }
        _ = try compiled.component(forKey: "lamp", as: Lamp.self)
        #expect(calls.withLock { $0 } == 3)
        compiled.unpatch(id)
        _ = try compiled.component(forKey: "lamp", as: Lamp.self)
        #expect(calls.withLock { $0 } == 3)
    }

    @Test func aLiveFactoryInstallsEachGenerationsMakersWithItsValues() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Config/room.properties", "lamp.watts = 40\nclock.ticking = true\n")
        try directory.write("Config/room-plain.properties", "# The base values.\n")
        try directory.write("Config/room-bright.properties", "lamp.watts = 60\n")
        let live = try await LiveFactory.load(compiled: RoomWiring.compiled, registry: roomRegistry(),
                                              options: .init(config: .path(directory.file("Config")), environment: "plain"))
        let accessors = RoomWiring.Components(live)
        #expect(try live.factory.component(forKey: "lamp", as: Lamp.self).watts == 40)
        #expect(try RoomWiring.Components(live.factory).lamp().watts == 40)
        #expect(try accessors.lamp().watts == 40)
        try directory.write("Config/room-plain.properties", "lamp.watts = 75\n")
        let event = await live.reload()
        #expect(live.generation == 2, "\(event)")
        #expect(try live.factory.component(forKey: "lamp", as: Lamp.self).watts == 75)
        #expect(try RoomWiring.Components(live.factory).lamp().watts == 75)
        #expect(try accessors.lamp().watts == 75)  // the saved value, at the next call
        #expect(try accessors.room().lamp.watts == 75)
        // A refused change keeps the generation, and its values.
        try directory.write("Config/room-plain.properties", "lamp.watts = many\n")
        _ = await live.reload()
        #expect(live.generation == 2)
        #expect(try live.factory.component(forKey: "lamp", as: Lamp.self).watts == 75)
        #expect(try accessors.lamp().watts == 75)
        try await live.shutdown()
    }

    @Test func anAccessorOfAFactoryWithoutTheKeyFailsAsTheKeyWould() throws {
        let other = try Factory(assemblies: AssemblySet(documents: [AssemblyReader.read(
            bytes: Array(#"<assembly><component class="Bulb" key="bulb" scope="singleton"><initializer selector="init(color:)"><argument parameterName="color" value="red"/></initializer></component></assembly>"#.utf8),
            file: "other.xml").document]), configuration: Configuration(environment: nil, sources: []), registry: roomRegistry())
        let components = RoomWiring.Components(other)
        #expect(try components.bulb().color == "red")  // a singleton here: the engine's
        #expect(try components.bulb() === components.bulb())
        #expect { try components.room() } throws: { "\($0)".contains("[unknown-reference]") }
    }
}

extension PrintedMakerTests {
    @Test func aDeclarationThatFitsNoPlainInitializerIsIgnored() throws {
        var registry = ComponentRegistry()
        registry.register(Bulb.self) {
            $0.initializer("init(color:)") { (color: String) in Bulb(color: color) }
            $0.callsInitializer("init(color:)", labels: ["color", "extra"])  // one label too many
            $0.callsInitializer("init(colour:)", labels: ["colour"])  // no such selector
        }
        registry.register(Clock.self) {
            $0.initializer("init(ticking:)") { (ticking: Bool) throws in try Clock(ticking: ticking) }
        }
        #expect(registry.registration(named: "Bulb")?.initializers["init(color:)"]?.initializerLabels == nil)
        #expect(registry.registration(named: "Clock")?.initializers["init(ticking:)"]?.initializerLabels == nil)
        #expect(roomRegistry().registration(named: "Bulb")?.initializers["init(color:)"]?.description
            == "init(color:)(color: String) -> Bulb, calls init(color:)")
    }
}

extension PrintedMakerTests {
    @Test func theToolSaysHowManyAccessorsGotAMakerAndWritesNoValueAndNoUnsafeCode() async throws {
        let directory = try TemporaryDirectory()
        let result = await FactoryTool.run(
            arguments: ["compile-wiring", Self.fixture + "/Assemblies/Room.xml", "--config", Self.fixture + "/Config",
                        "--output", directory.file("Wiring"), "--name", "RoomWiring", "--module", "WiringFixture"],
            environment: ToolEnvironment(registry: roomRegistry()))
        #expect(result.status == ToolResult.success, "\(result.standardError)")
        // room, lamp, bulb, study, desk, spareBulb, wall, readingLamp and timer get a maker; the switch (a singleton)
        // and the clock (an initializer that throws) do not.
        #expect(result.standardOutput.contains("; 11 typed accessors, 9 with a printed maker\n"), "\(result.standardOutput)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.file("Wiring")).sorted()
        #expect(files == ["RoomWiring+Room.swift", "RoomWiring.Components.swift", "RoomWiring.swift"])
        for file in files {
            let text = try String(contentsOfFile: directory.file("Wiring/\(file)"), encoding: .utf8)
            for banned in ["Unmanaged", "@unchecked", "try!", "as!", "daylight", "blue", "lamp.watts = ", "reading.watts = ", "timer.minutes = "] {
                #expect(!text.contains(banned), "\(file) holds \(banned)")
            }
        }
        // Two runs write the same bytes.
        let again = await FactoryTool.run(
            arguments: ["compile-wiring", Self.fixture + "/Assemblies/Room.xml", "--config", Self.fixture + "/Config",
                        "--output", directory.file("Wiring"), "--name", "RoomWiring", "--module", "WiringFixture", "--check"],
            environment: ToolEnvironment(registry: roomRegistry()))
        #expect(again.status == ToolResult.success, "\(again.standardError)")
    }
}

extension PrintedMakerTests {
    /// What a build-tool plugin declares before the tool runs: the entry, which holds the documents too, and the accessors.
    @Test func oneFileWritesTheDocumentsIntoTheEntry() async throws {
        let directory = try TemporaryDirectory()
        let result = await FactoryTool.run(
            arguments: ["compile-wiring", Self.fixture + "/Assemblies/Room.xml", "--config", Self.fixture + "/Config",
                        "--output", directory.file("Wiring"), "--name", "RoomWiring", "--module", "WiringFixture", "--one-file"],
            environment: ToolEnvironment(registry: roomRegistry()))
        #expect(result.status == ToolResult.success, "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.file("Wiring")).sorted()
        #expect(files == ["RoomWiring.Components.swift", "RoomWiring.swift"])
        let entry = try String(contentsOfFile: directory.file("Wiring/RoomWiring.swift"), encoding: .utf8)
        let split = try String(contentsOfFile: Self.fixture + "/Wiring/RoomWiring+Room.swift", encoding: .utf8)
        // The document's extension, as the file of its own holds it after the header.
        let start = try #require(split.range(of: "\nextension RoomWiring {"))
        let document = String(split[start.lowerBound...])
        #expect(entry.hasSuffix(document))
        #expect(entry.components(separatedBy: "// Generated by ").count == 2, "one header")
    }
}

extension PrintedMakerTests {
    @Test func anEntryLineReadsBackAndAnyOtherLineIsAnEntryTheEngineNeverAllows() throws {
        let entries = [
            PrintedMakerEntry(key: "bulb", type: 0, shape: 0, member: 0, labels: ["color"], references: [nil], calls: [nil]),
            PrintedMakerEntry(key: "lamp", type: 1, shape: 1, member: 0, labels: ["bulb", "watts"], references: ["bulb", nil], calls: [0, nil]),
            PrintedMakerEntry(key: "made", type: 2, shape: 2, member: 0, labels: [], references: [], calls: []),
            PrintedMakerEntry(key: "wall", type: 3, shape: 3, member: 4, labels: ["_"], references: ["clock"], calls: [nil]),
            PrintedMakerEntry(key: "timer", type: 4, shape: 4, member: 0, labels: [], assigned: ["minutes"], methods: [nil, nil, "start"],
                              references: [nil], calls: [nil]),
            PrintedMakerEntry(key: "reading", type: 5, shape: 5, member: 0, labels: ["shade"], assigned: ["bulb"],
                              methods: ["prepare", "wired", nil], references: [nil, "bulb"], calls: [nil, 0]),
        ]
        #expect(PrintedMakerEntry.entries(in: entries.map(\.line).joined(separator: "\n")) == entries)
        #expect(PrintedMakerEntry.entries(in: "").isEmpty)
        #expect(entries[1].below == [0] && entries[1].call(at: 0) == 0 && entries[1].call(at: 1) == nil && entries[1].call(at: 2) == nil)
        #expect(entries[1].reference(at: 0) == "bulb" && entries[1].reference(at: 1) == nil && entries[1].reference(at: 5) == nil)
        let factory = try Self.compiled("plain")
        let types = [ObjectIdentifier(Bulb.self)]
        // Too few or too many fields; a bad number; too many or too few items; a bad call; a member or method the component does not have.
        for line in ["bulb\t0\t0\t0\tcolor", "bulb\t0\t0\t0\tcolor\t\t,,\t\t\t", "bulb\tx\t0\t0\tcolor\t\t,,\t\t",
                     "bulb\t0\t0\t0\tcolor\t\t,,\t,\t", "bulb\t0\t0\t0\tcolor,watts\t\t,,\t\t", "bulb\t0\t-1\t0\tcolor\t\t,,\t\t",
                     "bulb\t0\t0\tz\tcolor\t\t,,\t\t", "bulb\t7\t0\t0\tcolor\t\t,,\t\t", "bulb\t0\t0\t0\tcolor\t\t,,\t\t0",
                     "bulb\t0\t0\t0\tcolor\t\t,\t\t", "bulb\t0\t0\t0\tcolor\tcolor\t,,\t,\t,", "bulb\t0\t0\t0\tcolor\t\tready,,\t\t",
                     "bulb\t0\t0\t0\tcolor\t,\t,,\t,,\t,,"] {
            let read = PrintedMakerEntry.entries(in: line)
            #expect(read.count == 1)
            #expect(factory.printedMakers.maker(for: read[0], types: types) == nil, "\(line.debugDescription)")
        }
        #expect(factory.printedMakers.maker(for: PrintedMakerEntry.entries(in: "bulb\t0\t0\t0\tcolor\t\t,,\t\t")[0], types: types) != nil)
        // A call must be an entry before it, with the key its reference names.
        let lamp = "lamp\t1\t1\t0\tbulb,watts\t\t,,\tbulb,\t"
        #expect(PrintedMakerEntry.entries(in: "bulb\t0\t0\t0\tcolor\t\t,,\t\t\n" + lamp + "0,")[1].key == "lamp")
        for calls in ["1,", "2,", "-1,"] {
            #expect(PrintedMakerEntry.entries(in: "bulb\t0\t0\t0\tcolor\t\t,,\t\t\n" + lamp + calls)[1].key.isEmpty, "\(calls)")
        }
        #expect(PrintedMakerEntry.entries(in: "wall\t0\t0\t0\tcolor\t\t,,\t\t\n" + lamp + "0,")[1].key.isEmpty)
        #expect(!PrintedMakerEntry.isPlain("a,b") && !PrintedMakerEntry.isPlain("a\tb") && !PrintedMakerEntry.isPlain("") && PrintedMakerEntry.isPlain("main-store"))
    }
}

extension PrintedMakerTests {
    @Test func aKeyNamedAsAMemberOfComponentsGetsAnAccessorOfItsOwn() async throws {
        let directory = try TemporaryDirectory()
        try directory.write("Config/app.properties", "# none\n")
        try directory.write("Assemblies/App.xml", """
            <assembly>
                <component class="Bulb" key="makers" scope="prototype"><initializer selector="init(color:)"><argument parameterName="color" value="red"/></initializer></component>
                <component class="Bulb" key="live" scope="prototype"><initializer selector="init(color:)"><argument parameterName="color" value="blue"/></initializer></component>
                <component class="Bulb" key="resolve"><initializer selector="init(color:)"><argument parameterName="color" value="green"/></initializer></component>
            </assembly>
            """)
        let result = await FactoryTool.run(
            arguments: ["compile-wiring", directory.file("Assemblies/App.xml"), "--config", directory.file("Config"),
                        "--output", directory.file("Wiring"), "--name", "AppWiring", "--module", "App"],
            environment: ToolEnvironment(registry: roomRegistry()))
        #expect(result.status == ToolResult.success, "\(result.standardError)")
        let text = try String(contentsOfFile: directory.file("Wiring/AppWiring.Components.swift"), encoding: .utf8)
        for name in ["makersComponent", "liveComponent", "resolveComponent"] {
            #expect(text.contains("func \(name)() throws(DiagnosticReport) -> WiringFixture::Bulb {"), "\(name)")
        }
        #expect(!text.contains("func makers()") && !text.contains("func live()"))
    }
}

extension PrintedMakerTests {
    /// The reading lamp's printed maker sets its properties and runs its callbacks as the engine does: the
    /// callback before the properties, each property in order, the callback after them, then the init method.
    @Test(arguments: ["plain", "bright"])
    func aPrintedMakerSetsPropertiesAndRunsCallbacksInTheEnginesOrder(_ environment: String) throws {
        let watts = environment == "bright" ? 40 : 15
        let bulb = environment == "bright" ? "blue" : "red"
        for factory in [try Self.compiled(environment), try Self.interpreted(environment)] {
            let components = RoomWiring.Components(factory)
            let printed = try components.readingLamp()
            let byKey = try factory.component(forKey: "readingLamp", as: ReadingLamp.self)
            #expect(printed.steps == ["init(shade: green)", "prepare(watts: 0)", "wired(watts: \(watts), bulb: \(bulb), light: hall)", "switchOn"])
            #expect(printed.steps == byKey.steps)
            let light = try components.switch()
            #expect(printed.light === byKey.light && printed.light === light)
            #expect(printed !== byKey && printed.bulb !== byKey.bulb)
            // A struct: its property assigned and its mutating init method called on the copy the maker returns.
            let timer = try components.timer()
            #expect(timer.minutes == (environment == "bright" ? 12 : 5) && timer.label == "tea" && timer.isRunning)
            let timerByKey = try factory.component(forKey: "timer", as: KitchenTimer.self)
            #expect(timerByKey.minutes == timer.minutes && timerByKey.label == timer.label && timerByKey.isRunning)
        }
    }

    @Test func theEngineAllowsAPrintedMakerOnlyForTheMembersAndMethodsItsComponentUses() throws {
        let makers = try Self.compiled("plain").printedMakers
        let type = ObjectIdentifier(ReadingLamp.self)
        func maker(_ assigned: [String], _ methods: [String?], _ references: [String?]) -> PrintedMaker? {
            makers.maker(forKey: "readingLamp", type: type, labels: ["shade"], assigned: assigned, methods: methods, references: references)
        }
        let fits = maker(["watts", "bulb", "light"], ["prepare", "wired", "switchOn"], [nil, nil, "spareBulb", "switch"])
        #expect(fits?.value(at: 0, as: String.self) == "green" && fits?.value(at: 1, as: Int.self) == 15)
        #expect(fits?.value(at: 2, as: Bulb.self) == nil && fits?.value(at: 4, as: Int.self) == nil)
        // Another order, a member left out, a method left out or moved, or another reference.
        #expect(maker(["bulb", "watts", "light"], ["prepare", "wired", "switchOn"], [nil, nil, "spareBulb", "switch"]) == nil)
        #expect(maker(["watts", "bulb"], ["prepare", "wired", "switchOn"], [nil, nil, "spareBulb"]) == nil)
        #expect(maker(["watts", "bulb", "light"], ["prepare", "wired", nil], [nil, nil, "spareBulb", "switch"]) == nil)
        #expect(maker(["watts", "bulb", "light"], ["wired", "prepare", "switchOn"], [nil, nil, "spareBulb", "switch"]) == nil)
        #expect(maker(["watts", "bulb", "light"], ["prepare", "wired", "switchOn"], [nil, nil, "bulb", "switch"]) == nil)
        #expect(maker(["watts", "bulb", "light"], ["prepare", "wired", "switchOn"], [nil, "bulb", "spareBulb", "switch"]) == nil)
        // The lamp has no property or callback: a maker that claims one is refused.
        #expect(makers.maker(forKey: "bulb", type: ObjectIdentifier(Bulb.self), labels: ["color"], assigned: ["color"], references: [nil, nil]) == nil)
        #expect(makers.maker(forKey: "bulb", type: ObjectIdentifier(Bulb.self), labels: ["color"], methods: [nil, nil, "start"], references: [nil]) == nil)
    }

    /// The reading lamp's registration with closures that count their calls, declared or not.
    private static func countingRegistry(_ calls: Locked<[String]>, declares: Bool) -> ComponentRegistry {
        var registry = roomRegistry()
        registry.register(ReadingLamp.self) {
            $0.initializer("init(shade:)") { (shade: String) in ReadingLamp(shade: shade) }
            $0.callsInitializer("init(shade:)", labels: ["shade"])
            $0.property("watts", \.watts)
            $0.property("bulb", \.bulb)
            $0.property("light", \.light)
            for name in ["watts", "bulb", "light"] where declares { $0.assignsProperty(name, member: name) }
            $0.callback("prepare") { calls.withLock { $0.append("prepare") }; $0.prepare() }
            $0.callback("wired") { calls.withLock { $0.append("wired") }; $0.wired() }
            $0.callback("switchOn") { calls.withLock { $0.append("switchOn") }; $0.switchOn() }
            for name in ["prepare", "wired", "switchOn"] where declares { $0.callsMethod(name, method: name) }
        }
        return registry
    }

    @Test func aPrintedMakerAssignsAndCallsMethodsItselfOnlyWhenTheRegistrationDeclaresIt() throws {
        let calls = Locked<[String]>([])
        let declared = try Self.compiled("plain", registry: Self.countingRegistry(calls, declares: true))
        let printed = try RoomWiring.Components(declared).readingLamp()
        #expect(calls.withLock { $0 }.isEmpty)
        _ = try declared.component(forKey: "readingLamp", as: ReadingLamp.self)  // asks the switch of the engine: not installed
        #expect(calls.withLock { $0 } == ["prepare", "wired", "switchOn"])
        // Without the declarations the registry is another, and the wiring stale; interpreted, the engine makes the
        // lamp through the registered closures, to the same steps.
        #expect { try Self.compiled("plain", registry: Self.countingRegistry(calls, declares: false)) } throws: {
            "\($0)".contains("[stale-wiring]")
        }
        calls.withLock { $0 = [] }
        let undeclared = try Self.interpreted("plain", registry: Self.countingRegistry(calls, declares: false))
        #expect(undeclared.printedMakers.maker(forKey: "readingLamp", type: ObjectIdentifier(ReadingLamp.self), labels: ["shade"],
                                               assigned: ["watts", "bulb", "light"], methods: ["prepare", "wired", "switchOn"],
                                               references: [nil, nil, "spareBulb", "switch"]) == nil)
        let made = try RoomWiring.Components(undeclared).readingLamp()
        #expect(calls.withLock { $0 } == ["prepare", "wired", "switchOn"])
        #expect(made.steps == printed.steps)
    }

    @Test func theDeclarationsAreInTheRegistrysDescriptionAndOneThatFitsNothingIsIgnored() {
        let registration = roomRegistry().registration(named: "ReadingLamp")
        #expect(registration?.properties["watts"]?.description == "watts: Int, assigns .watts")
        #expect(registration?.description.contains("  callback wired, calls .wired()") == true)
        var registry = ComponentRegistry()
        registry.register(KitchenTimer.self) {
            $0.initializer { KitchenTimer() }
            $0.property("minutes", \.minutes)
            $0.assignsProperty("seconds", member: "seconds")  // no such property
            $0.callsMethod("stop", method: "stop")  // no such callback
        }
        #expect(registry.registration(named: "KitchenTimer")?.properties["minutes"]?.member == nil)
        #expect(registry.registration(named: "KitchenTimer")?.properties["seconds"] == nil)
        #expect(registry.registration(named: "KitchenTimer")?.callbacks.isEmpty == true)
    }
}
