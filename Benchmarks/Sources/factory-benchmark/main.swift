// Resolving with the factory, in one run, against the same work done by hand
// and with Swinject 2.10.0:
//   1. a singleton by key (ns per lookup), and by a typed handle beside a field read;
//   2. a prototype graph of 10 objects (ratio to hand-built, and to Swinject);
//   3. the memory of the plans of a 10,000-component assembly.
// Each timing is the median of 21 rounds, interleaved round by round; the graph and
// its hand-built twin are timed in alternating slices within each round, and each
// ratio is the median of the rounds' own ratios.
import BenchmarkInputs
import CMallocStats
@_spi(Tooling) import ComponentFactory
import Foundation
import Swinject

// MARK: The 10-object graph: a tree three levels deep, every node a prototype.

final class Leaf { let value: Int; init(value: Int) { self.value = value } }
final class Branch { let left: Leaf; let right: Leaf; init(left: Leaf, right: Leaf) { self.left = left; self.right = right } }
final class Trunk { let first: Branch; let second: Branch; init(first: Branch, second: Branch) { self.first = first; self.second = second } }
final class Tree { let trunk: Trunk; let label: String; init(trunk: Trunk, label: String) { self.trunk = trunk; self.label = label } }
// Tree(1) + Trunk(1) + Branch(2) + Leaf(4) = 8 objects; plus two leaves on the tree's roots:
final class Forest { let tree: Tree; let roots: Leaf; let canopy: Leaf
    init(tree: Tree, roots: Leaf, canopy: Leaf) { self.tree = tree; self.roots = roots; self.canopy = canopy } }
// Forest(1) + Tree(1) + Trunk(1) + Branch(2) + Leaf(4) + Leaf(2) = 11; the benchmark resolves a Tree
// under a Forest-less root so that exactly 10 objects are made: Grove(1) + Tree(1) + Trunk(1) + Branch(2) + Leaf(4) + Leaf(1).
final class Grove { let tree: Tree; let seedling: Leaf; init(tree: Tree, seedling: Leaf) { self.tree = tree; self.seedling = seedling } }

@inline(never)
func handBuiltGrove() -> Grove {
    func branch() -> Branch { Branch(left: Leaf(value: 1), right: Leaf(value: 2)) }
    return Grove(tree: Tree(trunk: Trunk(first: branch(), second: branch()), label: "oak"), seedling: Leaf(value: 3))
}

func registry() -> ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register(Leaf.self) { $0.initializer("initWithValue:") { (value: Int) in Leaf(value: value) } }
    registry.register(Branch.self) { $0.initializer("initWithLeft:right:") { (left: Leaf, right: Leaf) in Branch(left: left, right: right) } }
    registry.register(Trunk.self) { $0.initializer("initWithFirst:second:") { (first: Branch, second: Branch) in Trunk(first: first, second: second) } }
    registry.register(Tree.self) { $0.initializer("initWithTrunk:label:") { (trunk: Trunk, label: String) in Tree(trunk: trunk, label: label) } }
    registry.register(Grove.self) { $0.initializer("initWithTree:seedling:") { (tree: Tree, seedling: Leaf) in Grove(tree: tree, seedling: seedling) } }
    return registry
}

func swinjectContainer() -> Container {
    let container = Container()
    container.register(Leaf.self, name: "left") { _ in Leaf(value: 1) }.inObjectScope(.transient)
    container.register(Leaf.self, name: "right") { _ in Leaf(value: 2) }.inObjectScope(.transient)
    container.register(Leaf.self, name: "seedling") { _ in Leaf(value: 3) }.inObjectScope(.transient)
    container.register(Leaf.self, name: "singleton") { _ in Leaf(value: 4) }.inObjectScope(.container)
    container.register(Branch.self) { r in
        Branch(left: r.resolve(Leaf.self, name: "left")!, right: r.resolve(Leaf.self, name: "right")!)
    }.inObjectScope(.transient)
    container.register(Trunk.self) { r in Trunk(first: r.resolve(Branch.self)!, second: r.resolve(Branch.self)!) }.inObjectScope(.transient)
    container.register(Tree.self) { r in Tree(trunk: r.resolve(Trunk.self)!, label: "oak") }.inObjectScope(.transient)
    container.register(Grove.self) { r in
        Grove(tree: r.resolve(Tree.self)!, seedling: r.resolve(Leaf.self, name: "seedling")!)
    }.inObjectScope(.transient)
    return container
}

// MARK: Timing

@inline(never) func consume(_ value: AnyObject) { withExtendedLifetime(value) {} }
/// What `component(forKey:)` returns, taken as it is: an `Any`, with no cast in the harness.
@inline(never) func consume(any value: Any) { withExtendedLifetime(value) {} }

/// A plain `final class` field, for the handle's figure: reading it through a call that
/// returns it owned costs the read and one retain, which the caller releases.
final class Holder { var leaf = Leaf(value: 4) }
@inline(never) func read(_ holder: Holder) -> Leaf { holder.leaf }

let assemblies = AssemblySet(documents: [AssemblyReader.read(bytes: Array(GroveAssembly.xml.utf8), file: "graph.xml").document])
let factory = try Factory(assemblies: assemblies, configuration: Configuration(environment: nil, sources: []), registry: registry())
let container = swinjectContainer()
let resolver = container.synchronize()

let probe = try factory.component(forKey: "grove", as: Grove.self)
precondition(probe.tree.trunk.second.right.value == 2)
precondition(resolver.resolve(Grove.self)!.tree.trunk.first.left.value == 1)

if CommandLine.arguments.dropFirst().first == "profile-graph" {
    for _ in 0..<200_000 { consume(try factory.component(forKey: "grove", as: Grove.self)) }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "profile-none" {
    exit(0)  // what every profile pays before its loop: subtract it
}
if CommandLine.arguments.dropFirst().first == "profile-hand" {
    for _ in 0..<200_000 { consume(handBuiltGrove()) }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "profile-any" {
    for _ in 0..<5_000_000 { consume(any: try factory.component(forKey: "singletonLeaf")) }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "profile-singleton" {
    for _ in 0..<5_000_000 { consume(try factory.component(forKey: "singletonLeaf", as: Leaf.self)) }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "profile-handle" {
    let handle = try factory.handle(forKey: "singletonLeaf", as: Leaf.self)
    for _ in 0..<5_000_000 { consume(try factory.component(handle)) }
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "profile-field" {
    let holder = Holder()
    for _ in 0..<5_000_000 { consume(read(holder)) }
    exit(0)
}
let rounds = 21
let graphIterations = 20_000
let lookupIterations = 500_000
var ours: [Double] = [], hand: [Double] = [], swinject: [Double] = [], swinjectUnsynchronized: [Double] = []
var singletonAny: [Double] = [], singletonTyped: [Double] = [], singletonSwinject: [Double] = []
var singletonHandle: [Double] = [], fieldRead: [Double] = [], handleRatios: [Double] = []
var dictionaryLookup: [Double] = []
// Each round's own ratios: ours ÷ hand-built, Swinject ÷ ours.
var handRatios: [Double] = [], swinjectRatios: [Double] = [], swinjectPlainRatios: [Double] = []
// The floor of any lookup by String key on this machine: a Swift Dictionary from
// the keys to the built instances, then the cast to the asked-for type.
let plainDictionary: [String: Any] = Dictionary(uniqueKeysWithValues: factory.keys.map { ($0, Leaf(value: 0) as Any) })
@inline(never) func lookupKey() -> String { "singletonLeaf" }
let singletonKey = lookupKey()
let singletonHandleMade = try factory.handle(forKey: singletonKey, as: Leaf.self)
// Spring's bean factory, in a JVM beside this process, takes its turn after ours in each round.
let spring = SpringPeer(directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Java"))
var springRounds: [SpringPeer.Round] = []
let holder = Holder()

for round in 0..<(rounds + 3) {
    let (graph, byHand) = try paired(iterations: graphIterations,
                                     { consume(try factory.component(forKey: "grove", as: Grove.self)) },
                                     { consume(handBuiltGrove()) })
    let peer = nanoseconds(iterations: graphIterations / 10) { consume(resolver.resolve(Grove.self)!) }
    let peerPlain = nanoseconds(iterations: graphIterations / 10) { consume(container.resolve(Grove.self)!) }
    let anyLookup = try nanoseconds(iterations: lookupIterations) { consume(any: try factory.component(forKey: singletonKey)) }
    let typedLookup = try nanoseconds(iterations: lookupIterations) { consume(try factory.component(forKey: singletonKey, as: Leaf.self)) }
    let plainLookup = nanoseconds(iterations: lookupIterations) { if let leaf = plainDictionary[singletonKey] as? Leaf { consume(leaf) } }
    let peerLookup = nanoseconds(iterations: lookupIterations / 10) { consume(resolver.resolve(Leaf.self, name: "singleton")!) }
    let (handleLookup, field) = try paired(iterations: lookupIterations,
                                           { consume(try factory.component(singletonHandleMade)) }, { consume(read(holder)) })
    let springRound = spring?.round(lookups: lookupIterations)
    guard round >= 3 else { continue }  // warm-up
    ours.append(graph); hand.append(byHand); swinject.append(peer); swinjectUnsynchronized.append(peerPlain)
    handRatios.append(graph / byHand); swinjectRatios.append(peer / graph); swinjectPlainRatios.append(peerPlain / graph)
    singletonAny.append(anyLookup); singletonTyped.append(typedLookup); singletonSwinject.append(peerLookup)
    dictionaryLookup.append(plainLookup)
    singletonHandle.append(handleLookup); fieldRead.append(field); handleRatios.append(handleLookup / field)
    if let springRound { springRounds.append(springRound) }
}

print("10-object prototype graph (median of \(rounds) rounds, ns per graph; ratios are the median of each round's own):")
print("  hand-built              \(fmt(median(hand)))")
// Two decimals: the target (1.5x) sits within a rounding of the figure.
print("  ComponentFactory        \(fmt(median(ours)))   = \(fmt(median(ours) / median(hand), decimals: 2))x hand-built (ratio of the medians); "
      + "each round's own: \(spread(handRatios, decimals: 2))")
print("  Swinject (synchronized) \(fmt(median(swinject)))   = \(spread(swinjectRatios)) ComponentFactory")
print("  Swinject (plain)        \(fmt(median(swinjectUnsynchronized)))   = \(spread(swinjectPlainRatios)) ComponentFactory")
print("Singleton by key (ns per lookup):")
print("  component(forKey:)       \(fmt(median(singletonAny)))   (as Any)")
print("  component(forKey:as:)    \(fmt(median(singletonTyped)))")
print("  Swinject (synchronized)  \(fmt(median(singletonSwinject)))")
print("  component(handle)        \(fmt(median(singletonHandle)))   = \(spread(handleRatios)) a final class field read and retained "
      + "(\(fmt(median(fieldRead))) ns; handle made once with factory.handle(forKey:as:))")
print("  [String: Any] + as? Leaf \(fmt(median(dictionaryLookup)))   (the floor of a lookup by String key here; "
      + "component(forKey:as:) = \(fmt(median(singletonTyped) / median(dictionaryLookup)))x it)")
if let spring, springRounds.count == rounds {
    let (typed, any, grove) = (springRounds.map(\.typed), springRounds.map(\.any), springRounds.map(\.grove))
    let faster = zip(singletonTyped, typed).filter { $0 < $1 }.count
    print("Spring Framework \(spring.version), DefaultListableBeanFactory, same run, its turn after ours in each round:")
    print("  getBean(name, Class)     \(fmt(median(typed)))   against component(forKey:as:) \(fmt(median(singletonTyped))): "
          + (median(singletonTyped) < median(typed) ? "ours faster" : "Spring faster") + " (ours faster in \(faster) of \(rounds) rounds)")
    print("  getBean(name)            \(fmt(median(any)))   against component(forKey:) \(fmt(median(singletonAny)))")
    print("  getBean(\"grove\")         \(fmt(median(grove)))   against \(fmt(median(ours))) (10-object prototype graph, ns per graph)")
}

// MARK: Memory of the plans for 10,000 components

func allocatedBytes() -> Int { Int(malloc_stats_allocated_bytes()) }

func tenThousand() -> String {
    var xml = "<assembly>\n"
    for index in 0..<10_000 {
        switch index % 4 {
        case 0:
            xml += "<component class=\"Leaf\" key=\"leaf\(index)\" scope=\"prototype\"><initializer selector=\"initWithValue:\">"
                + "<argument parameterName=\"value\" value=\"\(index)\"/></initializer></component>\n"
        case 1:
            xml += "<component class=\"Branch\" key=\"branch\(index)\" scope=\"prototype\"><initializer selector=\"initWithLeft:right:\">"
                + "<argument parameterName=\"left\" ref=\"leaf\(index - 1)\"/><argument parameterName=\"right\" ref=\"leaf\(index - 1)\"/>"
                + "</initializer></component>\n"
        case 2:
            xml += "<component class=\"Trunk\" key=\"trunk\(index)\" scope=\"prototype\"><initializer selector=\"initWithFirst:second:\">"
                + "<argument parameterName=\"first\" ref=\"branch\(index - 1)\"/><argument parameterName=\"second\" ref=\"branch\(index - 1)\"/>"
                + "</initializer></component>\n"
        default:
            xml += "<component class=\"Tree\" key=\"tree\(index)\" scope=\"prototype\"><initializer selector=\"initWithTrunk:label:\">"
                + "<argument parameterName=\"trunk\" ref=\"trunk\(index - 1)\"/><argument parameterName=\"label\" value=\"tree \(index)\"/>"
                + "</initializer></component>\n"
        }
    }
    return xml + "</assembly>\n"
}

let bigAssemblies = AssemblySet(documents: [AssemblyReader.read(bytes: Array(tenThousand().utf8), file: "big.xml").document])
let bigRegistry = registry()
let before = allocatedBytes()
let bigFactory = try Factory(assemblies: bigAssemblies, configuration: Configuration(environment: nil, sources: []), registry: bigRegistry)
let after = allocatedBytes()
precondition(bigFactory.keys.count == 10_000)
print("Plans for 10,000 components: \(after - before) bytes allocated by Factory(...) = "
      + "\((after - before) / 10_000) bytes per component (definitions, \(bigAssemblies.components.count), held apart)")
withExtendedLifetime(bigFactory) {}
