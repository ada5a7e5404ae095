/// Each plan's definition as built (parents folded in), by plan index:
/// what a live factory resolves again to see what a change reaches, and
/// what inspection names the readers of a key by. The interpreter holds
/// them; a load from compiled wiring makes them from its image only when
/// one of those asks, since the load itself needs none.
struct BuiltDefinitions: Sendable {
    private let make: @Sendable () -> [ComponentDefinition]

    /// Definitions already made.
    init(_ definitions: [ComponentDefinition]) {
        make = { definitions }
    }

    /// Definitions that `make` makes, each time they are asked for.
    init(making make: @escaping @Sendable () -> [ComponentDefinition]) {
        self.make = make
    }

    /// Every plan's definition, by plan index.
    var all: [ComponentDefinition] { make() }
}
