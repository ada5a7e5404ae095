import ComponentFactory

/// The keep: named in each environment's `.properties`.
public final class Keep: Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

/// The gate, which guards the keep.
public final class Gate: Sendable {
    public let keep: Keep
    public let bars: Int
    public init(keep: Keep, bars: Int) { self.keep = keep; self.bars = bars }
}

/// The castle's registry: each initializer only calls `init`, so its compiled wiring has printed makers.
public func castleRegistry() -> ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register(Keep.self) {
        $0.initializer("init(name:)") { (name: String) in Keep(name: name) }
        $0.callsInitializer("init(name:)", labels: ["name"])
    }
    registry.register(Gate.self) {
        $0.initializer("init(keep:bars:)") { (keep: Keep, bars: Int) in Gate(keep: keep, bars: bars) }
        $0.callsInitializer("init(keep:bars:)", labels: ["keep", "bars"])
    }
    return registry
}
