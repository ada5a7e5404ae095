import ComponentFactoryMacros
import Foundation

// Types registered by @Component for the behaviour tests: each shows a form.

protocol Instrument: AnyObject {
    var sound: String { get }
}

@Component(conformsTo: [(any Instrument).self])
final class Lute: Instrument {
    var strings: Int
    var sound: String { "plink ×\(strings)" }

    init(strings: Int) {
        self.strings = strings
    }
}

@Component(name: "Minstrel")
class Bard {
    var instrument: (any Instrument)?
    var songs: [String] = []
    var patrons: [String: Int] = [:]
    var nickname: String?
    var tuned: Bool = false
    private(set) var log: [String] = []

    @Selector("init")
    init(instrument: (any Instrument)? = nil) {
        self.instrument = instrument
    }

    @Callback func tune() {
        tuned = true
        log.append("tune")
    }

    @Callback("bow") func takeABow() {
        log.append("bow")
    }
}

@Component
final class TravellingBard: Bard {
    var miles: Double = 0

    init(instrument: any Instrument, miles: Double) {
        self.miles = miles
        super.init(instrument: instrument)
    }
}

@Component
struct Tavern {
    var name: String
    var capacity: Int
    var open: Bool = true

    init(name: String, capacity: Int) {
        self.name = name
        self.capacity = capacity
    }

    @ClassMethod("tavernNamed:")
    static func named(_ name: String) -> Tavern {
        Tavern(name: name, capacity: 10)
    }
}

/// Registered both ways in a test, to show the two say the same.
@Component(conformsTo: [CustomStringConvertible.self])
final class Herald: CustomStringConvertible {
    var motto: String = ""
    var volume: Int = 1

    init(motto: String, volume: Int) {
        self.motto = motto
        self.volume = volume
    }

    var description: String { "Herald(\(motto))" }
}

/// A main-actor type: its initializer, its property and its callback run on the main actor.
@MainActor @Component
final class Scoreboard {
    var title: String = ""
    let cellar: Cellar
    private(set) var shown = false

    init(cellar: Cellar) {
        self.cellar = cellar
    }

    @Callback func show() {
        MainActor.assertIsolated()
        shown = true
    }
}

/// An actor that must connect before it can be used: an `async throws`
/// initializer, and an async callback that runs on the actor.
@Component
actor Cellar {
    let casks: Int
    private(set) var isOpen = false

    struct Flooded: Error {}

    init(casks: Int) async throws {
        try await Task.sleep(for: .milliseconds(1))
        guard casks >= 0 else { throw Flooded() }
        self.casks = casks
    }

    @Callback func unlock() {
        isOpen = true
    }
}
