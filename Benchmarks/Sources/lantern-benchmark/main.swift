// Printed setters and callbacks against the same built by hand (issue 64), in one run: a
// prototype set up after its initializer (`Lantern`: a callback before its properties, two
// properties, one a printed leaf, and an init method; `Assemblies/lantern.xml`, compiled into
// `LanternWiring`) through
//   1. `LanternWiring.Components.lantern()`: its printed maker, on a factory loaded from the compiled wiring;
//   2. `factory.component(forKey: "lantern", as:)` on that factory, which runs the maker its load installed;
//   3. `component(forKey:as:)` on a factory loaded from the same assembly, interpreted (no maker installed);
// each against `handBuiltLantern()` in alternating slices. Each figure is the median of 21
// rounds after 3 warm-ups, and each ratio the median of the rounds' own ratios.
// `profile-*` runs one loop of 200,000 lanterns, for callgrind (subtract `profile-none`).
// An executable of its own, apart from wiring-benchmark: a second type looked up by key in
// one module changes how the optimizer compiles the grove's lookup by key there.
import BenchmarkInputs
import ComponentFactory
import Foundation
import GroveGraph
import LanternWiring

@inline(never) func consume(_ value: AnyObject) { withExtendedLifetime(value) {} }

/// The lantern built by hand, in the benchmark's module, as its printed maker builds it in its own.
@inline(never)
func handBuiltLantern() -> Lantern {
    let lantern = Lantern(label: "porch")
    lantern.trim()
    lantern.wick = Leaf(value: 3)
    lantern.hours = 12
    lantern.light()
    return lantern
}

let config = URL(fileURLWithPath: LanternAssembly.path).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Config").path
let factory = try Factory.load(compiled: LanternWiring.compiled, registry: groveRegistry(), options: .init(config: .path(config)))
let components = LanternWiring.Components(factory)
let interpreted = try Factory.load(assemblies: [.path(LanternAssembly.path)], registry: groveRegistry(), options: .init(config: .path(config)))

let lanterns = [try components.lantern(), try factory.component(forKey: "lantern", as: Lantern.self),
                try interpreted.component(forKey: "lantern", as: Lantern.self)]
guard lanterns.allSatisfy({ $0.isTrimmed && $0.isLit && $0.label == "porch" && $0.hours == 12 && $0.wick?.value == 3 }) else {
    print("error: a lantern is not the assembly's")
    exit(1)
}

let count = 200_000
switch CommandLine.arguments.dropFirst().first {
case "profile-none": exit(0)  // what every profile pays before its loop: subtract it
case "profile-hand": for _ in 0..<count { consume(handBuiltLantern()) }; exit(0)
case "profile-compiled": for _ in 0..<count { consume(try components.lantern()) }; exit(0)
case "profile-key": for _ in 0..<count { consume(try factory.component(forKey: "lantern", as: Lantern.self)) }; exit(0)
case "profile-interpreted": for _ in 0..<count { consume(try interpreted.component(forKey: "lantern", as: Lantern.self)) }; exit(0)
default: break
}

let rounds = 21
let iterations = 20_000
var accessor: [Double] = [], byKey: [Double] = [], byKeyInterpreted: [Double] = []
for round in 0..<(rounds + 3) {
    let (compiled, hand1) = try paired(iterations: iterations, { consume(try components.lantern()) }, { consume(handBuiltLantern()) })
    let (key, hand2) = try paired(iterations: iterations, { consume(try factory.component(forKey: "lantern", as: Lantern.self)) },
                                  { consume(handBuiltLantern()) })
    let (keyInterpreted, hand3) = try paired(iterations: iterations,
                                             { consume(try interpreted.component(forKey: "lantern", as: Lantern.self)) },
                                             { consume(handBuiltLantern()) })
    guard round >= 3 else { continue }  // warm-up
    accessor.append(compiled / hand1)
    byKey.append(key / hand2)
    byKeyInterpreted.append(keyInterpreted / hand3)
}
print("A prototype set up by a callback, two properties (one a printed leaf) and an init method, its class in a module "
      + "of its own, factory loaded from compiled wiring (\(rounds) rounds; each ratio to hand-built is the median of the rounds' own):")
print("  compiled typed accessor  \(spread(accessor, decimals: 3)) hand-built")
print("  by key                   \(spread(byKey, decimals: 2)) hand-built")
print("  by key, interpreted      \(spread(byKeyInterpreted, decimals: 2)) hand-built (loaded from the assembly: no maker installed)")
