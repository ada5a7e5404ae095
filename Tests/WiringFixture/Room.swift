import ComponentFactory

// A small app for compiled wiring's printed makers (Tests/FactoryToolTests/PrintedMakerTests):
// a room whose lamp and bulb are prototypes made by initializers that only call `init`
// (printed), a switch that is a singleton (the engine's), a clock whose
// initializer throws (the engine's), and a reading lamp and a timer set up by
// properties and callbacks that only assign and call methods (printed). `Wiring/` is what `compile-wiring --module
// WiringFixture` writes for it, checked by the tests.

/// A bulb of one colour: a prototype with a value.
public final class Bulb: Sendable {
    public let color: String
    public init(color: String) { self.color = color }
}

/// A lamp: a prototype that takes a prototype and a value.
public final class Lamp: Sendable {
    public let bulb: Bulb
    public let watts: Int
    public init(bulb: Bulb, watts: Int) { self.bulb = bulb; self.watts = watts }
}

/// The room's one switch: a singleton.
public final class Switch: Sendable {
    public let label: String
    public init(label: String) { self.label = label }
}

/// A room: a prototype whose printed maker asks the engine for the switch.
public final class Room: Sendable {
    public let lamp: Lamp
    public let light: Switch
    public init(lamp: Lamp, light: Switch) { self.lamp = lamp; self.light = light }
}

/// A clock that cannot be made when told so: its initializer throws.
public final class Clock: Sendable {
    public struct Stopped: Error, CustomStringConvertible {
        public var description: String { "the clock is stopped" }
    }

    public let ticking: Bool
    public init(ticking: Bool) throws {
        guard ticking else { throw Stopped() }
        self.ticking = ticking
    }
}

/// A wall with a clock: a prototype whose printed maker asks the engine for the clock.
public final class Wall: Sendable {
    public let clock: Clock
    public init(clock: Clock) { self.clock = clock }
}

/// A reading lamp: a prototype set up by properties and callbacks that only
/// assign members and call methods. It records each step, so that the printed
/// maker's order can be compared with the engine's.
public final class ReadingLamp {
    public var watts = 0
    public var bulb: Bulb?
    public var light: Switch?
    /// What was done to it, in order.
    public private(set) var steps: [String] = []

    public init(shade: String) { steps.append("init(shade: \(shade))") }

    /// The callback before its properties.
    public func prepare() { steps.append("prepare(watts: \(watts))") }
    /// The callback after its properties.
    public func wired() { steps.append("wired(watts: \(watts), bulb: \(bulb?.color ?? "none"), light: \(light?.label ?? "none"))") }
    /// Its init method.
    public func switchOn() { steps.append("switchOn") }
}

/// A kitchen timer: a struct, whose property is assigned and whose mutating init method is called on the copy made.
public struct KitchenTimer: Sendable {
    public var minutes = 0
    public var label: String?
    public private(set) var isRunning = false

    public init() {}

    public mutating func start() { isRunning = true }
}

/// The fixture's registry, each class as the `@Component` macro registers it.
public func roomRegistry() -> ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register(Bulb.self) {
        $0.initializer("init(color:)") { (color: String) in Bulb(color: color) }
        $0.callsInitializer("init(color:)", labels: ["color"])
    }
    registry.register(Lamp.self) {
        $0.initializer("init(bulb:watts:)") { (bulb: Bulb, watts: Int) in Lamp(bulb: bulb, watts: watts) }
        $0.callsInitializer("init(bulb:watts:)", labels: ["bulb", "watts"])
    }
    registry.register(Switch.self) {
        $0.initializer("init(label:)") { (label: String) in Switch(label: label) }
        $0.callsInitializer("init(label:)", labels: ["label"])
    }
    registry.register(Room.self) {
        $0.initializer("init(lamp:light:)") { (lamp: Lamp, light: Switch) in Room(lamp: lamp, light: light) }
        $0.callsInitializer("init(lamp:light:)", labels: ["lamp", "light"])
    }
    registry.register(Clock.self) {
        $0.initializer("init(ticking:)") { (ticking: Bool) throws in try Clock(ticking: ticking) }
    }
    registry.register(Wall.self) {
        $0.initializer("init(clock:)") { (clock: Clock) in Wall(clock: clock) }
        $0.callsInitializer("init(clock:)", labels: ["clock"])
    }
    registry.register(ReadingLamp.self) {
        $0.initializer("init(shade:)") { (shade: String) in ReadingLamp(shade: shade) }
        $0.callsInitializer("init(shade:)", labels: ["shade"])
        $0.property("watts", \.watts)
        $0.assignsProperty("watts", member: "watts")
        $0.property("bulb", \.bulb)
        $0.assignsProperty("bulb", member: "bulb")
        $0.property("light", \.light)
        $0.assignsProperty("light", member: "light")
        $0.callback("prepare") { $0.prepare() }
        $0.callsMethod("prepare", method: "prepare")
        $0.callback("wired") { $0.wired() }
        $0.callsMethod("wired", method: "wired")
        $0.callback("switchOn") { $0.switchOn() }
        $0.callsMethod("switchOn", method: "switchOn")
    }
    registry.register(KitchenTimer.self) {
        $0.initializer { KitchenTimer() }
        $0.callsInitializer("init", labels: [])
        $0.property("minutes", \.minutes)
        $0.assignsProperty("minutes", member: "minutes")
        $0.property("label", \.label)
        $0.assignsProperty("label", member: "label")
        $0.callback("start") { $0.start() }
        $0.callsMethod("start", method: "start")
    }
    return registry
}

/// A type of the module's own name, as many apps have one: it hides the module from
/// `WiringFixture.Room`, so the generated files must name the module by a selector (`WiringFixture::Room`).
public enum WiringFixture {
    /// The fixture's assembly, relative to the package's root.
    public static let assembly = "Tests/WiringFixture/Assemblies/Room.xml"
}
