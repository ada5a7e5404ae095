// Compiled wiring's typed accessors against the graph built by hand (issue 64), in one run:
// the 10-object prototype graph (GroveGraph, a module of its own) through
//   1. `GroveWiring.Components.grove()`: the printed makers, on a factory loaded from the compiled wiring;
//   2. `factory.component(forKey: "grove", as:)` on that factory, which runs the makers its load installed;
//   3. `factory.component(handle)` on that factory;
//   4. `component(forKey:as:)` on a factory loaded from the same assembly, interpreted (no maker installed);
// each against `handBuiltGrove()` in alternating slices. Each figure is the median of 21
// rounds after 3 warm-ups, and each ratio the median of the rounds' own ratios.
// `profile-*` runs one loop of 200,000 graphs, for callgrind (subtract `profile-none`).
import BenchmarkInputs
import ComponentFactory
import Foundation
import GroveGraph
import GroveWiring

@inline(never) func consume(_ value: AnyObject) { withExtendedLifetime(value) {} }

/// The graph built by hand, in the app's module, as the printed makers build it in theirs.
@inline(never)
func handBuiltGrove() -> Grove {
    func branch() -> Branch { Branch(left: Leaf(value: 1), right: Leaf(value: 2)) }
    return Grove(tree: Tree(trunk: Trunk(first: branch(), second: branch()), label: "oak"), seedling: Leaf(value: 3))
}

let config = URL(fileURLWithPath: GroveAssembly.path).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Config").path
let factory = try Factory.load(compiled: GroveWiring.compiled, registry: groveRegistry(), options: .init(config: .path(config)))
let components = GroveWiring.Components(factory)
let interpreted = try Factory.load(assemblies: [.path(GroveAssembly.path)], registry: groveRegistry(), options: .init(config: .path(config)))
let handle = try factory.handle(forKey: "grove", as: Grove.self)

let probe = try components.grove()
guard probe.tree.trunk.second.right.value == 2, probe.tree.label == "oak", probe.seedling.value == 3,
      try factory.component(forKey: "grove", as: Grove.self).tree.trunk.first.left.value == 1 else {
    print("error: the compiled graph is not the assembly's")
    exit(1)
}

let graphs = 200_000
switch CommandLine.arguments.dropFirst().first {
case "profile-none": exit(0)  // what every profile pays before its loop: subtract it
case "profile-hand": for _ in 0..<graphs { consume(handBuiltGrove()) }; exit(0)
case "profile-compiled": for _ in 0..<graphs { consume(try components.grove()) }; exit(0)
case "profile-key": for _ in 0..<graphs { consume(try factory.component(forKey: "grove", as: Grove.self)) }; exit(0)
case "profile-handle": for _ in 0..<graphs { consume(try factory.component(handle)) }; exit(0)
case "profile-interpreted": for _ in 0..<graphs { consume(try interpreted.component(forKey: "grove", as: Grove.self)) }; exit(0)
default: break
}

let rounds = 21
let iterations = 20_000
var compiled: [Double] = [], byKey: [Double] = [], byHandle: [Double] = [], byKeyInterpreted: [Double] = []
for round in 0..<(rounds + 3) {
    let (accessor, hand1) = try paired(iterations: iterations, { consume(try components.grove()) }, { consume(handBuiltGrove()) })
    let (key, hand2) = try paired(iterations: iterations,
                                  { consume(try factory.component(forKey: "grove", as: Grove.self)) }, { consume(handBuiltGrove()) })
    let (handled, hand3) = try paired(iterations: iterations, { consume(try factory.component(handle)) }, { consume(handBuiltGrove()) })
    let (keyInterpreted, hand4) = try paired(iterations: iterations,
                                             { consume(try interpreted.component(forKey: "grove", as: Grove.self)) },
                                             { consume(handBuiltGrove()) })
    guard round >= 3 else { continue }  // warm-up
    compiled.append(accessor / hand1)
    byKey.append(key / hand2)
    byHandle.append(handled / hand3)
    byKeyInterpreted.append(keyInterpreted / hand4)
}
print("10-object prototype graph, classes in a module of their own, factory loaded from compiled wiring "
      + "(\(rounds) rounds; each ratio to hand-built is the median of the rounds' own):")
print("  compiled typed accessor  \(spread(compiled, decimals: 3)) hand-built")
print("  by key                   \(spread(byKey, decimals: 2)) hand-built")
print("  by handle                \(spread(byHandle, decimals: 2)) hand-built")
print("  by key, interpreted      \(spread(byKeyInterpreted, decimals: 2)) hand-built (loaded from the assembly: no maker installed)")
