/// Each plan's definition as built (parents folded in), by plan index:
/// what a live factory resolves again to see what a change reaches, and
/// what inspection names the readers of a key by. The interpreter holds
/// them; a load from compiled wiring makes them from its image only when
/// one of those asks, since the load itself needs none, and a reload asks
/// only for those of the plans its change may reach.
struct BuiltDefinitions: Sendable {
    /// How many there are.
    let count: Int
    private let make: @Sendable (Int) -> ComponentDefinition

    /// Definitions already made.
    init(_ definitions: [ComponentDefinition]) {
        count = definitions.count
        make = { definitions[$0] }
    }

    /// `count` definitions, each made by `make` from its plan index each time it is asked for.
    init(count: Int, making make: @escaping @Sendable (Int) -> ComponentDefinition) {
        self.count = count
        self.make = make
    }

    /// Every plan's definition, by plan index.
    var all: [ComponentDefinition] { (0..<count).map(make) }

    /// The definition of the plan at `index`, which is below ``count``.
    subscript(index: Int) -> ComponentDefinition { make(index) }
}
