@_spi(Tooling) @_spi(Patching) import ComponentFactory
import Foundation

/// A graph of eager singletons in levels, each with an `async` initializer
/// that waits: `n1-0` … `n1-9` on top, each needing two of the level below
/// (`n2-i` as an argument, `n2-(i+1)` by `depends-on`), down to level five,
/// which needs nothing. Built one after another, it takes the sum of the
/// waits; along the graph, the waits of one chain. What happened is in its `Record`.
struct LayeredGraph {
    /// A component of the graph.
    final class Node: Sendable {
        let name: String
        let below: Node?
        init(name: String, below: Node?) {
            self.name = name
            self.below = below
        }
    }

    /// What the graph's initializers and destroy methods did, across tasks:
    /// under an `NSLock`, which ThreadSanitizer understands on Linux, as it
    /// does not `Mutex`'s futex there.
    final class Record: @unchecked Sendable {
        struct Construction {
            let name: String
            let began: ContinuousClock.Instant
            let ended: ContinuousClock.Instant
        }

        private struct State {
            var begun: [String] = []
            var built: [Construction] = []
            var destroyed: [String] = []
            var failedAt: ContinuousClock.Instant?
        }

        private var state = State()
        private let lock = NSLock()

        private func withState<Result>(_ body: (inout State) -> Result) -> Result {
            lock.withLock { body(&state) }
        }

        func begin(_ name: String) { withState { $0.begun.append(name) } }
        func built(_ construction: Construction) { withState { $0.built.append(construction) } }
        func destroyed(_ name: String) { withState { $0.destroyed.append(name) } }
        func failed() { withState { $0.failedAt = ContinuousClock().now } }

        var begun: [String] { withState { $0.begun } }
        /// In the order the constructions ended.
        var built: [Construction] { withState { $0.built } }
        var destroyed: [String] { withState { $0.destroyed } }
        var failedAt: ContinuousClock.Instant? { withState { $0.failedAt } }

        /// The most constructions that were under way at one time.
        var mostAtOnce: Int {
            var edges: [(instant: ContinuousClock.Instant, change: Int)] = []
            for construction in built {
                edges.append((construction.began, 1))
                edges.append((construction.ended, -1))
            }
            // An end at the instant another begins is counted first.
            edges.sort { $0.instant < $1.instant || ($0.instant == $1.instant && $0.change < $1.change) }
            var current = 0
            var most = 0
            for (_, change) in edges {
                current += change
                most = max(most, current)
            }
            return most
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the connection was refused" }
    }

    static let levels = 5
    static let width = 10

    let levels: Int
    let width: Int
    let record = Record()

    init(levels: Int = LayeredGraph.levels, width: Int = LayeredGraph.width) {
        self.levels = levels
        self.width = width
    }

    static func name(level: Int, _ position: Int) -> String { "n\(level)-\(position)" }

    /// Every node's key, top level first.
    var names: [String] {
        (1...levels).flatMap { level in (0..<width).map { Self.name(level: level, $0) } }
    }

    /// The keys each node needs: the one it takes and the one it depends on.
    func needs(of level: Int, _ position: Int) -> [String] {
        guard level < levels else { return [] }
        return [Self.name(level: level + 1, position), Self.name(level: level + 1, (position + 1) % width)]
    }

    /// Whether `order` puts each node before every node it needs: the
    /// order of a shutdown, newest first, whatever order independent nodes were built in.
    func isDestructionOrder(_ order: [String]) -> Bool {
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        return order.allSatisfy { name in
            let parts = name.dropFirst().split(separator: "-").compactMap { Int($0) }
            return needs(of: parts[0], parts[1]).allSatisfy { need in position[need].map { $0 > position[name] ?? 0 } ?? true }
        }
    }

    /// The assembly, top level first, every node an eager singleton.
    var components: String {
        (1...levels).flatMap { level in
            (0..<width).map { position in
                let name = Self.name(level: level, position)
                guard level < levels else {
                    return """
                        <component class="Node" key="\(name)" scope="singleton" destroy-method="close">
                            <initializer selector="init(name:)"><argument parameterName="name" value="\(name)"/></initializer>
                        </component>
                        """
                }
                let needs = needs(of: level, position)
                return """
                    <component class="Node" key="\(name)" scope="singleton" destroy-method="close" depends-on="\(needs[1])">
                        <initializer selector="init(name:below:)">
                            <argument parameterName="name" value="\(name)"/><argument parameterName="below" ref="\(needs[0])"/>
                        </initializer>
                    </component>
                    """
            }
        }.joined(separator: "\n")
    }

    /// A registry whose initializers wait `wait`; the one of `failing`, if
    /// any, waits `failingAfter` and throws.
    func registry(waiting wait: Duration, failing: String? = nil, after failingAfter: Duration = .zero) -> ComponentRegistry {
        let record = self.record
        @Sendable func make(_ name: String, below: Node?) async throws -> Node {
            record.begin(name)
            let began = ContinuousClock().now
            if name == failing {
                try await Task.sleep(for: failingAfter)
                record.failed()
                throw Failure()
            }
            try await Task.sleep(for: wait)
            record.built(Record.Construction(name: name, began: began, ended: ContinuousClock().now))
            return Node(name: name, below: below)
        }
        var registry = ComponentRegistry()
        registry.register(Node.self) { node in
            node.initializer("init(name:)") { (name: String) async throws in try await make(name, below: nil) }
            node.initializer("init(name:below:)") { (name: String, below: Node) async throws in try await make(name, below: below) }
            node.callback("close") { (node: Node) in record.destroyed(node.name) }
        }
        return registry
    }

    /// Loads the graph with the async load.
    func load(registry: ComponentRegistry) async throws(DiagnosticReport) -> Factory {
        try await Factory.loadAsync(assemblies: AssemblyFixture.assemblies(components),
                                    configuration: AssemblyFixture.configuration([:]), registry: registry).factory
    }
}
