@_spi(Tooling) import ComponentFactory
import Testing

/// Arguments as a registered closure reads them from its plan's slots: a
/// constant of exactly its parameter's type in place, anything else through
/// the factory's registers, and the async lookup's resolved arguments in place of both.
@Suite struct ArgumentSlotTests {
    final class Seed: Sendable {
        let weight: Int
        init(weight: Int) { self.weight = weight }
    }

    /// Constants of four types around a reference, in one initializer.
    final class Label: Sendable {
        let count: Int
        let seed: Seed
        let name: String
        let ratio: Double
        init(count: Int, seed: Seed, name: String, ratio: Double) { (self.count, self.seed, self.name, self.ratio) = (count, seed, name, ratio) }
    }

    /// A parameter whose type is not the constant's own: an optional.
    final class Limit: Sendable {
        let value: Int?
        init(value: Int?) { self.value = value }
    }

    /// Made by an async initializer: what needs it is built by the async lookup.
    final class Soil: Sendable {
        let depth: Int
        init(depth: Int) async { self.depth = depth }
    }

    /// A synchronous initializer whose arguments can suspend: the async lookup prepares them.
    final class Bed: Sendable {
        let name: String
        let soil: Soil
        let limit: Int?
        init(name: String, soil: Soil, limit: Int?) { (self.name, self.soil, self.limit) = (name, soil, limit) }
    }

    private static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Seed.self) { $0.initializer("initWithWeight:") { (weight: Int) in Seed(weight: weight) } }
        registry.register(Label.self) {
            $0.initializer("initWithCount:seed:name:ratio:") { (count: Int, seed: Seed, name: String, ratio: Double) in
                Label(count: count, seed: seed, name: name, ratio: ratio)
            }
        }
        registry.register(Limit.self) { $0.initializer("initWithValue:") { (value: Int?) in Limit(value: value) } }
        registry.register(Soil.self) { $0.initializer("initWithDepth:") { (depth: Int) async in await Soil(depth: depth) } }
        registry.register(Bed.self) {
            $0.initializer("initWithName:soil:limit:") { (name: String, soil: Soil, limit: Int?) in Bed(name: name, soil: soil, limit: limit) }
        }
        return registry
    }

    private static let assembly = """
        <component class="Label" key="label" scope="prototype">
            <initializer selector="initWithCount:seed:name:ratio:">
                <argument parameterName="count" value="12"/><argument parameterName="seed" ref="seed"/>
                <argument parameterName="name" value="oak"/><argument parameterName="ratio" value="0.25"/>
            </initializer>
        </component>
        <component class="Seed" key="seed" scope="prototype">
            <initializer selector="initWithWeight:"><argument parameterName="weight" value="3"/></initializer>
        </component>
        <component class="Bed" key="bed" scope="prototype">
            <initializer selector="initWithName:soil:limit:">
                <argument parameterName="name" value="raised"/><argument parameterName="soil" ref="soil"/>
                <argument parameterName="limit" value="9"/>
            </initializer>
        </component>
        <component class="Soil" key="soil" scope="prototype">
            <initializer selector="initWithDepth:"><argument parameterName="depth" value="30"/></initializer>
        </component>
        <component class="Limit" key="limit" scope="prototype">
            <initializer selector="initWithValue:"><argument parameterName="value" value="5"/></initializer>
        </component>
        """

    @Test func constantsOfEachTypeReachTheirParametersAroundAReference() throws {
        let factory = try AssemblyFixture.factory(Self.assembly, registry: Self.registry())
        let label = try factory.component(forKey: "label", as: Label.self)
        #expect(label.count == 12)
        #expect(label.seed.weight == 3)
        #expect(label.name == "oak")
        #expect(label.ratio == 0.25)
    }

    @Test func aConstantForAnOptionalParameterIsTakenThroughTheCast() throws {
        let factory = try AssemblyFixture.factory(Self.assembly, registry: Self.registry())
        #expect(try factory.component(forKey: "limit", as: Limit.self).value == 5)
    }

    @Test func theAsyncLookupHandsTheSameArgumentsAsTheSynchronousOne() async throws {
        let factory = try AssemblyFixture.factory(Self.assembly, registry: Self.registry())
        let label = try await factory.async.component(forKey: "label", as: Label.self)
        #expect((label.count, label.seed.weight, label.name, label.ratio) == (12, 3, "oak", 0.25))
        #expect(try await factory.async.component(forKey: "limit", as: Limit.self).value == 5)
    }

    @Test func aSynchronousInitializerTakesTheArgumentsTheAsyncLookupPrepared() async throws {
        let factory = try AssemblyFixture.factory(Self.assembly, registry: Self.registry())
        let bed = try await factory.async.component(forKey: "bed", as: Bed.self)
        #expect(bed.name == "raised")
        #expect(bed.soil.depth == 30)
        #expect(bed.limit == 9)
    }

    @Test func eachResolutionBuildsItsOwnPrototypeArguments() throws {
        let factory = try AssemblyFixture.factory(Self.assembly, registry: Self.registry())
        let first = try factory.component(forKey: "label", as: Label.self)
        let second = try factory.component(forKey: "label", as: Label.self)
        #expect(first.seed !== second.seed)
    }
}
