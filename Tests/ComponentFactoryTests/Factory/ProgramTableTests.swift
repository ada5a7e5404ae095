@_spi(Tooling) @_spi(Patching) import ComponentFactory
import Foundation
import Testing

/// Chains of components built by their initializers alone, which the factory
/// builds straight through (no properties, callbacks or post-processors):
/// they keep every rule that the general path keeps.
@Suite struct ProgramTableTests {
    final class Seed: Sendable {
        let weight: Int
        init(weight: Int) { self.weight = weight }
    }

    final class Sprout: Sendable {
        let seed: Seed
        init(seed: Seed) { self.seed = seed }
    }

    final class Pot: Sendable {
        let left: Sprout
        let right: Sprout
        init(left: Sprout, right: Sprout) { (self.left, self.right) = (left, right) }
    }

    struct Withered: Error {}

    /// Counts what a post-processor sees.
    final class Seen: ComponentPostProcessor, @unchecked Sendable {
        private let lock = NSLock()
        private var keys: [String] = []
        var all: [String] { lock.withLock { keys } }
        func postProcess(_ component: Any, key: String) throws -> Any {
            lock.withLock { keys.append(key) }
            return component
        }
    }

    private static func registry(seedWeight: @escaping @Sendable (Int) throws -> Int = { $0 }) -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Seed.self) { $0.initializer("initWithWeight:") { (weight: Int) in Seed(weight: try seedWeight(weight)) } }
        registry.register(Sprout.self) { $0.initializer("initWithSeed:") { (seed: Seed) in Sprout(seed: seed) } }
        registry.register(Pot.self) { $0.initializer("initWithLeft:right:") { (left: Sprout, right: Sprout) in Pot(left: left, right: right) } }
        return registry
    }

    private static func assembly(seedScope: String) -> String {
        """
        <component class="Pot" key="pot" scope="prototype">
            <initializer selector="initWithLeft:right:">
                <argument parameterName="left" ref="sprout"/><argument parameterName="right" ref="sprout"/>
            </initializer>
        </component>
        <component class="Sprout" key="sprout" scope="prototype">
            <initializer selector="initWithSeed:"><argument parameterName="seed" ref="seed"/></initializer>
        </component>
        <component class="Seed" key="seed" scope="\(seedScope)">
            <initializer selector="initWithWeight:"><argument parameterName="weight" value="3"/></initializer>
        </component>
        """
    }

    @Test func anObjectGraphComponentUnderTwoInitializersIsOneInstanceWithinAResolutionOnly() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(seedScope: "object-graph"), registry: Self.registry())
        let first = try factory.component(forKey: "pot", as: Pot.self)
        let second = try factory.component(forKey: "pot", as: Pot.self)
        #expect(first.left !== first.right, "sprouts are prototypes")
        #expect(first.left.seed === first.right.seed, "one seed within the resolution")
        #expect(first.left.seed !== second.left.seed, "another seed in the next")
    }

    @Test func aPrototypeUnderTwoInitializersIsMadeForEachReference() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(seedScope: "prototype"), registry: Self.registry())
        let pot = try factory.component(forKey: "pot", as: Pot.self)
        #expect(pot.left.seed !== pot.right.seed)
        #expect(pot.left.seed.weight == 3)
    }

    @Test func aFailureDeepInTheChainNamesItsPathAndLine() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(seedScope: "prototype"),
                                                  registry: Self.registry { _ in throw Withered() })
        let report = thrown { _ = try factory.component(forKey: "pot", as: Pot.self) }
        let diagnostic = try #require((report as? DiagnosticReport)?.diagnostics.first)
        #expect(diagnostic.code == .buildFailed)
        #expect(diagnostic.message.contains("building 'seed' (pot → sprout → seed) failed"))
        #expect(diagnostic.location?.line == 10, "the seed's definition")
        #expect(diagnostic.underlyingError is Withered)
    }

    @Test func aPatchedComponentInsideTheChainIsUsedAtOnceAndUnpatchedAfter() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(seedScope: "prototype"), registry: Self.registry())
        #expect(try factory.component(forKey: "pot", as: Pot.self).left.seed.weight == 3)
        let id = try factory.patch(key: "seed") { Seed(weight: 40) }
        let patched = try factory.component(forKey: "pot", as: Pot.self)
        #expect(patched.left.seed.weight == 40)
        #expect(patched.right.seed.weight == 40)
        factory.unpatch(id)
        #expect(try factory.component(forKey: "pot", as: Pot.self).right.seed.weight == 3)
    }

    @Test func aComponentPostProcessorSeesEveryInstanceOfTheChain() throws {
        var registry = Self.registry()
        let seen = Seen()
        registry.add(seen)
        let factory = try AssemblyFixture.factory(Self.assembly(seedScope: "prototype"), registry: registry)
        _ = try factory.component(forKey: "pot", as: Pot.self)
        #expect(seen.all == ["seed", "sprout", "seed", "sprout", "pot"])
    }
}
