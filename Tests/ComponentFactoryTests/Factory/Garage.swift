@_spi(Tooling) import ComponentFactory
import Foundation

// A small model for the factory tests: cars, engines and a log that each
// test makes for itself and hands to the registry's closures.

/// Records events in order; one per test. An NSLock, not a Mutex, so that
/// ThreadSanitizer sees the locking.
final class EventLog: @unchecked Sendable {
    private var events: [String] = []
    private let lock = NSLock()
    func record(_ event: String) { lock.lock(); events.append(event); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return events }
    func count(of event: String) -> Int { all.filter { $0 == event }.count }
}

protocol Engine: AnyObject {
    var horsepower: Int { get }
}

final class PetrolEngine: Engine {
    let horsepower: Int
    init(horsepower: Int) { self.horsepower = horsepower }
}

final class ElectricEngine: Engine {
    var horsepower = 300
}

class Vehicle {
    var wheels = 4
}

final class Car: Vehicle {
    let engine: any Engine
    var name = ""
    var owner: Driver?
    var passengers: [Driver] = []
    var tags: Set<String> = []
    var ratings: [String: Int] = [:]
    var nickname: String?
    var spare: (any Engine)?
    init(engine: any Engine) { self.engine = engine }
}

final class Driver {
    var car: Car?
    var name = ""
    init() {}
    init(name: String) { self.name = name }
}

struct Settings {
    var retries = 0
    var timeout: Duration = .seconds(1)
}

final class EngineFactory {
    func engine(horsepower: Int) -> any Engine { PetrolEngine(horsepower: horsepower) }
}

enum Fuel: String, CaseIterable, Sendable {
    case petrol, diesel, electric
}

final class Tank {
    var fuel: Fuel = .petrol
    var litres: Double = 0
}

/// The registry the factory tests share as a recipe; each test makes its own.
enum Garage {
    static func registry(log: EventLog = EventLog()) -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(PetrolEngine.self, conformsTo: [(any Engine).self]) { engine in
            engine.initializer("initWithHorsepower:") { (horsepower: Int) in
                log.record("PetrolEngine(\(horsepower))")
                return PetrolEngine(horsepower: horsepower)
            }
            engine.callback("start") { _ in log.record("start PetrolEngine") }
            engine.callback("stop") { _ in log.record("stop PetrolEngine") }
        }
        registry.register(ElectricEngine.self, conformsTo: [(any Engine).self]) { engine in
            engine.initializer {
                log.record("ElectricEngine")
                return ElectricEngine()
            }
            engine.property("horsepower", \.horsepower)
            engine.callback("stop") { _ in log.record("stop ElectricEngine") }
        }
        registry.register(Car.self) { car in
            car.initializer("initWithEngine:") { (engine: any Engine) in
                log.record("Car")
                return Car(engine: engine)
            }
            car.property("name", \.name)
            car.property("owner", \.owner)
            car.property("passengers", \.passengers)
            car.property("tags", \.tags)
            car.property("ratings", \.ratings)
            car.property("nickname", \.nickname)
            car.property("spare", \.spare)
            car.property("wheels", \.wheels)
            car.callback("beforeInjection") { car in log.record("before: name='\(car.name)'") }
            car.callback("afterInjection") { car in log.record("after: name='\(car.name)'") }
            car.callback("ready") { car in log.record("ready \(car.name)") }
            car.callback("park") { car in log.record("park \(car.name)") }
        }
        registry.register(Driver.self) { driver in
            driver.initializer {
                log.record("Driver")
                return Driver()
            }
            driver.initializer("initWithName:") { (name: String) in Driver(name: name) }
            driver.property("car", \.car)
            driver.property("name", \.name)
        }
        registry.register(Settings.self) { settings in
            settings.initializer { Settings() }
            settings.property("retries", \.retries)
            settings.property("timeout", \.timeout)
        }
        registry.register(EngineFactory.self) { factory in
            factory.initializer { EngineFactory() }
            factory.factoryMethod("engineWithHorsepower:") { (factory: EngineFactory, horsepower: Int) in
                factory.engine(horsepower: horsepower)
            }
        }
        registry.register(Tank.self) { tank in
            tank.initializer { Tank() }
            tank.property("fuel", \.fuel)
            tank.property("litres", \.litres)
        }
        registry.converters.registerEnum(Fuel.self)
        return registry
    }
}
