// The async lookup, in one run, against the synchronous one and against the
// same work written by hand with `await` (issue 25):
//   1. an already-built singleton: `factory.async.component(forKey:as:)`
//      against `factory.component(forKey:as:)`;
//   2. a prototype graph of 10 objects whose initializers are all `async`:
//      `factory.async.component(forKey:as:)` against the same graph built by
//      hand, each object made by an `async` function and awaited;
//   3. the same graph in a factory with a patch set on a component it does
//      not use, so that no straight-through program runs: each component on a frame.
// Each figure is the median of 21 rounds after 3 warm-ups; within a round the
// two sides are timed in alternating slices, and each ratio is the median of
// the rounds' own ratios. Everything runs in a nonisolated async function, off
// the main actor, as a server's request handler does.
import BenchmarkInputs
@_spi(Tooling) @_spi(Patching) import ComponentFactory
import Foundation

final class Leaf: Sendable { let value: Int; init(value: Int) { self.value = value } }
final class Branch: Sendable { let left: Leaf; let right: Leaf; init(left: Leaf, right: Leaf) { self.left = left; self.right = right } }
final class Trunk: Sendable { let first: Branch; let second: Branch; init(first: Branch, second: Branch) { self.first = first; self.second = second } }
final class Tree: Sendable { let trunk: Trunk; let label: String; init(trunk: Trunk, label: String) { self.trunk = trunk; self.label = label } }
// Grove(1) + Tree(1) + Trunk(1) + Branch(2) + Leaf(4) + seedling Leaf(1) = 10 objects.
final class Grove: Sendable { let tree: Tree; let seedling: Leaf; init(tree: Tree, seedling: Leaf) { self.tree = tree; self.seedling = seedling } }

// The hand-built twin: each object made by an async function, as an async initializer is called.
@inline(never) func makeLeaf(_ value: Int) async -> Leaf { Leaf(value: value) }
@inline(never) func makeBranch(_ left: Leaf, _ right: Leaf) async -> Branch { Branch(left: left, right: right) }
@inline(never) func makeTrunk(_ first: Branch, _ second: Branch) async -> Trunk { Trunk(first: first, second: second) }
@inline(never) func makeTree(_ trunk: Trunk, _ label: String) async -> Tree { Tree(trunk: trunk, label: label) }
@inline(never) func makeGrove(_ tree: Tree, _ seedling: Leaf) async -> Grove { Grove(tree: tree, seedling: seedling) }

@inline(never)
func handBuiltGrove() async -> Grove {
    func branch() async -> Branch { await makeBranch(await makeLeaf(1), await makeLeaf(2)) }
    let trunk = await makeTrunk(await branch(), await branch())
    return await makeGrove(await makeTree(trunk, "oak"), await makeLeaf(3))
}

/// The same, written to run in its caller's isolation, as the factory's lookup is: each
/// call into a nonisolated async function then hops off the caller's executor and back.
/// Printed for context: where the factory's extra cost comes from.
@inline(never)
nonisolated(nonsending) func handBuiltGroveInCallersIsolation() async -> Grove {
    func branch() async -> Branch { await makeBranch(await makeLeaf(1), await makeLeaf(2)) }
    let trunk = await makeTrunk(await branch(), await branch())
    return await makeGrove(await makeTree(trunk, "oak"), await makeLeaf(3))
}

/// Every initializer `async`, calling the same async functions as the hand-built twin.
func asyncRegistry() -> ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register(Leaf.self) { $0.initializer("initWithValue:") { (value: Int) async in await makeLeaf(value) } }
    registry.register(Branch.self) { $0.initializer("initWithLeft:right:") { (left: Leaf, right: Leaf) async in await makeBranch(left, right) } }
    registry.register(Trunk.self) { $0.initializer("initWithFirst:second:") { (first: Branch, second: Branch) async in await makeTrunk(first, second) } }
    registry.register(Tree.self) { $0.initializer("initWithTrunk:label:") { (trunk: Trunk, label: String) async in await makeTree(trunk, label) } }
    registry.register(Grove.self) { $0.initializer("initWithTree:seedling:") { (tree: Tree, seedling: Leaf) async in await makeGrove(tree, seedling) } }
    return registry
}

/// The same initializers, synchronous, for the singleton that both lookups read.
func syncRegistry() -> ComponentRegistry {
    var registry = ComponentRegistry()
    registry.register(Leaf.self) { $0.initializer("initWithValue:") { (value: Int) in Leaf(value: value) } }
    registry.register(Branch.self) { $0.initializer("initWithLeft:right:") { (left: Leaf, right: Leaf) in Branch(left: left, right: right) } }
    registry.register(Trunk.self) { $0.initializer("initWithFirst:second:") { (first: Branch, second: Branch) in Trunk(first: first, second: second) } }
    registry.register(Tree.self) { $0.initializer("initWithTrunk:label:") { (trunk: Trunk, label: String) in Tree(trunk: trunk, label: label) } }
    registry.register(Grove.self) { $0.initializer("initWithTree:seedling:") { (tree: Tree, seedling: Leaf) in Grove(tree: tree, seedling: seedling) } }
    return registry
}

@inline(never) func consume(_ value: AnyObject) { withExtendedLifetime(value) {} }


func factory(_ registry: ComponentRegistry) async throws -> Factory {
    let assemblies = AssemblySet(documents: [AssemblyReader.read(bytes: Array(GroveAssembly.xml.utf8), file: "graph.xml").document])
    return try await Factory.loadAsync(assemblies: assemblies, configuration: Configuration(environment: nil, sources: []),
                                       registry: registry).factory
}

/// The whole measurement, nonisolated: off the main actor.
func measure() async throws {
    let syncFactory = try await factory(syncRegistry())
    let asyncFactory = try await factory(asyncRegistry())
    // The same graph in a factory with a patch set on a component the graph does not use: while
    // any patch is set, no straight-through program runs, so the lookup builds every component on a frame of its own.
    let steppedFactory = try await factory(asyncRegistry())
    _ = try steppedFactory.patch(key: "singletonLeaf") { Leaf(value: 4) }
    guard try await asyncFactory.async.component(forKey: "grove", as: Grove.self).tree.trunk.second.right.value == 2,
          try syncFactory.component(forKey: "singletonLeaf", as: Leaf.self).value == 4 else {
        print("the graph was not built as written"); exit(1)
    }
    if CommandLine.arguments.dropFirst().first == "profile-hand" {
        for _ in 0..<10_000 { consume(await handBuiltGrove()) }
        return
    }
    if CommandLine.arguments.dropFirst().first == "profile-lookup" {
        for _ in 0..<5_000_000 { consume(try await syncFactory.async.component(forKey: "singletonLeaf", as: Leaf.self)) }
        return
    }
    if CommandLine.arguments.dropFirst().first == "profile-graph" {
        let count = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 300_000 : 300_000
        for _ in 0..<count { consume(try await asyncFactory.async.component(forKey: "grove", as: Grove.self)) }
        return
    }
    let rounds = 21
    var asyncLookups: [Double] = [], syncLookups: [Double] = [], lookupRatios: [Double] = []
    var graphs: [Double] = [], hands: [Double] = [], graphRatios: [Double] = []
    var callersIsolation: [Double] = [], callersIsolationRatios: [Double] = []
    var stepped: [Double] = [], steppedHands: [Double] = [], steppedRatios: [Double] = []
    for round in 0..<(rounds + 3) {
        let (asyncLookup, syncLookup) = try await paired(
            iterations: 500_000,
            { consume(try await syncFactory.async.component(forKey: "singletonLeaf", as: Leaf.self)) },
            { consume(try syncFactory.component(forKey: "singletonLeaf", as: Leaf.self)) })
        let (graph, hand) = try await paired(
            iterations: 20_000,
            { consume(try await asyncFactory.async.component(forKey: "grove", as: Grove.self)) },
            { consume(await handBuiltGrove()) })
        let (graphAgain, handInCallersIsolation) = try await paired(
            iterations: 20_000,
            { consume(try await asyncFactory.async.component(forKey: "grove", as: Grove.self)) },
            { consume(await handBuiltGroveInCallersIsolation()) })
        let (steppedGraph, steppedHand) = try await paired(
            iterations: 20_000,
            { consume(try await steppedFactory.async.component(forKey: "grove", as: Grove.self)) },
            { consume(await handBuiltGrove()) })
        guard round >= 3 else { continue }
        stepped.append(steppedGraph); steppedHands.append(steppedHand); steppedRatios.append(steppedGraph / steppedHand)
        callersIsolation.append(handInCallersIsolation); callersIsolationRatios.append(graphAgain / handInCallersIsolation)
        asyncLookups.append(asyncLookup); syncLookups.append(syncLookup); lookupRatios.append(asyncLookup / syncLookup)
        graphs.append(graph); hands.append(hand); graphRatios.append(graph / hand)
    }
    print("Built singleton by key (median of \(rounds) rounds, ns per lookup; ratios are the median of each round's own):")
    print("  component(forKey:as:)        \(fmt(median(syncLookups)))")
    print("  async.component(forKey:as:)  \(fmt(median(asyncLookups)))   = \(spread(lookupRatios)) the synchronous lookup")
    print("10-object prototype graph, every initializer async (ns per graph):")
    print("  by hand, with await          \(fmt(median(hands)))")
    print("  async.component(forKey:as:)  \(fmt(median(graphs)))   = \(spread(graphRatios)) by hand")
    print("  by hand, nonisolated(nonsending), as the lookup runs: \(fmt(median(callersIsolation)));"
          + " the lookup = \(spread(callersIsolationRatios)) it")
    print("The same graph with a patch set elsewhere, so that no straight-through program runs: each component on a frame (ns per graph):")
    print("  by hand, with await          \(fmt(median(steppedHands)))")
    print("  async.component(forKey:as:)  \(fmt(median(stepped)))   = \(spread(steppedRatios)) by hand")
}

try await measure()
