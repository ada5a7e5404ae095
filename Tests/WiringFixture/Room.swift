import ComponentFactory

// A small app for compiled wiring's printed makers (Tests/FactoryToolTests/PrintedMakerTests):
// a room whose lamp and bulb are prototypes made by initializers that only call `init`
// (printed), a switch that is a singleton (the engine's), and a clock whose
// initializer throws (the engine's). `Wiring/` is what `compile-wiring --module
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
    return registry
}

/// A type of the module's own name, as many apps have one: it hides the module from
/// `WiringFixture.Room`, so the generated files must name the module by a selector (`WiringFixture::Room`).
public enum WiringFixture {
    /// The fixture's assembly, relative to the package's root.
    public static let assembly = "Tests/WiringFixture/Assemblies/Room.xml"
}
