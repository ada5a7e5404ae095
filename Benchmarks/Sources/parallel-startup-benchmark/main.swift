// Start-up in parallel along the graph (issue 50): 50 eager singletons in 5
// levels of 10, each needing two of the level below (one as an argument, one
// by `depends-on`), each with an `async` initializer that waits 100 ms.
//   1. `Factory.loadAsync` with every one eager: built along the graph,
//      independent ones at once, so ready after about five waits;
//   2. the same graph with every one `lazy-init`, loaded, then each looked up
//      by key, top level first, one after another: fifty waits;
//   3. the eager graph with `n3-4` failing 50 ms into its initializer: how
//      long after the failure the load throws, the rest of level 3 cancelled.
// Each round runs all three, in turn; the ratio is the median of the rounds' own.
//   swift run -c release parallel-startup-benchmark [rounds]
import BenchmarkInputs
@_spi(Tooling) import ComponentFactory
import Foundation
import Synchronization

final class Node: Sendable {
    let name: String
    let below: Node?
    init(name: String, below: Node?) {
        self.name = name
        self.below = below
    }
}

struct ConnectionRefused: Error {}

let levels = 5, width = 10
let wait = Duration.milliseconds(100)
let failing = "n3-4"
/// When the failing initializer threw.
let failedAt = Mutex<ContinuousClock.Instant?>(nil)

func name(_ level: Int, _ position: Int) -> String { "n\(level)-\(position)" }

func assembly(lazy: Bool) -> AssemblySet {
    let scope = lazy ? #"scope="singleton" lazy-init="yes""# : #"scope="singleton""#
    var xml = "<assembly>\n"
    for level in 1...levels {
        for position in 0..<width {
            let key = name(level, position)
            let argument = #"<argument parameterName="name" value="\#(key)"/>"#
            if level == levels {
                xml += #"<component class="Node" key="\#(key)" \#(scope)><initializer selector="init(name:)">\#(argument)</initializer></component>"#
                    + "\n"
            } else {
                xml += #"<component class="Node" key="\#(key)" \#(scope) depends-on="\#(name(level + 1, (position + 1) % width))">"#
                    + #"<initializer selector="init(name:below:)">\#(argument)<argument parameterName="below" ref="\#(name(level + 1, position))"/>"#
                    + "</initializer></component>\n"
            }
        }
    }
    return AssemblySet(documents: [AssemblyReader.read(bytes: Array((xml + "</assembly>\n").utf8), file: "layers.xml").document])
}

/// Each initializer waits 100 ms; with `fails`, the failing one throws 50 ms in.
func registry(fails: Bool) -> ComponentRegistry {
    @Sendable func make(_ name: String, below: Node?) async throws -> Node {
        if fails && name == failing {
            try await Task.sleep(for: .milliseconds(50))
            failedAt.withLock { $0 = ContinuousClock().now }
            throw ConnectionRefused()
        }
        try await Task.sleep(for: wait)
        return Node(name: name, below: below)
    }
    var registry = ComponentRegistry()
    registry.register(Node.self) { node in
        node.initializer("init(name:)") { (name: String) async throws in try await make(name, below: nil) }
        node.initializer("init(name:below:)") { (name: String, below: Node) async throws in try await make(name, below: below) }
    }
    return registry
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func load(lazy: Bool, fails: Bool = false) async throws -> Factory {
    try await Factory.loadAsync(assemblies: assembly(lazy: lazy), configuration: Configuration(environment: nil, sources: []),
                                registry: registry(fails: fails)).factory
}

func range(_ values: [Double], decimals: Int) -> String {
    "\(fmt(median(values), decimals: decimals))  (\(fmt(values.min() ?? 0, decimals: decimals))-\(fmt(values.max() ?? 0, decimals: decimals)))"
}

func measure() async throws {
    let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 5 : 5
    var parallel: [Double] = [], oneByOne: [Double] = [], ratios: [Double] = [], reported: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<rounds {
        var began = clock.now
        let eager = try await load(lazy: false)
        let alongTheGraph = seconds(clock.now - began)
        began = clock.now
        let lazy = try await load(lazy: true)
        for level in 1...levels {
            for position in 0..<width { _ = try await lazy.async.component(forKey: name(level, position), as: Node.self) }
        }
        let sequential = seconds(clock.now - began)
        guard try await eager.async.component(forKey: name(1, 0), as: Node.self).below?.below?.name == name(3, 0) else {
            print("the graph was not built as written"); exit(1)
        }
        do {
            _ = try await load(lazy: false, fails: true)
            print("the failing graph loaded"); exit(1)
        } catch {
            let thrown = clock.now
            guard let failure = failedAt.withLock({ $0 }), "\(error)".contains("→ \(failing))") else {
                print("the failure was not reported with its chain: \(error)"); exit(1)
            }
            reported.append(seconds(thrown - failure) * 1000)
        }
        parallel.append(alongTheGraph); oneByOne.append(sequential); ratios.append(sequential / alongTheGraph)
    }
    print("50 eager singletons, 5 levels deep, each waiting 100 ms in an async init (s, median and range of \(rounds) rounds):")
    print("  Factory.loadAsync, along the graph   \(range(parallel, decimals: 3))")
    print("  one after another                    \(range(oneByOne, decimals: 3))")
    print("  along the graph is \(spread(ratios)) faster")
    print("A failure at depth 3, thrown by the load this long after it happened (ms): \(range(reported, decimals: 1))")
}

try await measure()
