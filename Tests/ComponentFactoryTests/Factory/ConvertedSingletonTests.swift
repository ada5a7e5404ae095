@_spi(Tooling) @_spi(Patching) import ComponentFactory
import Testing

/// A singleton handed to a parameter of a protocol type: the cast is made
/// once and its result kept in the argument's slot, and what is kept never
/// stands for another object.
@Suite struct ConvertedSingletonTests {
    protocol Store: Sendable {
        var name: String { get }
    }

    final class MemoryStore: Store {
        let name: String
        init(name: String) { self.name = name }
    }

    /// A value-type singleton: converted each time, never kept.
    struct Limits: Store {
        let name: String
    }

    final class Controller: Sendable {
        let store: any Store
        init(store: any Store) { self.store = store }
    }

    private static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(MemoryStore.self, conformsTo: [(any Store).self]) { $0.initializer("initWithName:") { (name: String) in MemoryStore(name: name) } }
        registry.register(Limits.self, conformsTo: [(any Store).self]) { $0.initializer("initWithName:") { (name: String) in Limits(name: name) } }
        registry.register(Controller.self) { $0.initializer("initWithStore:") { (store: any Store) in Controller(store: store) } }
        return registry
    }

    private static func assembly(storeClass: String) -> String {
        """
        <component class="\(storeClass)" key="store" scope="singleton">
            <initializer selector="initWithName:"><argument parameterName="name" value="the store"/></initializer>
        </component>
        <component class="Controller" key="controller" scope="prototype">
            <initializer selector="initWithStore:"><argument parameterName="store" ref="store"/></initializer>
        </component>
        """
    }

    @Test func everyControllerGetsTheOneStoreAsItsProtocol() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(storeClass: "MemoryStore"), registry: Self.registry())
        let store = try factory.component(forKey: "store", as: MemoryStore.self)
        let controllers = try (0..<3).map { _ in try factory.component(forKey: "controller", as: Controller.self) }
        #expect(controllers.allSatisfy { ($0.store as? MemoryStore) === store }, "the first cast and the kept one give the same store")
    }

    @Test func aPatchedStoreIsGivenNotTheOneConvertedBefore() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(storeClass: "MemoryStore"), registry: Self.registry())
        let before = try factory.component(forKey: "controller", as: Controller.self)
        #expect(before.store.name == "the store")
        let patch = try factory.patch(key: "store") { MemoryStore(name: "a patched store") }
        let patched = try factory.component(forKey: "controller", as: Controller.self)
        #expect(patched.store.name == "a patched store")
        factory.unpatch(patch)
        let after = try factory.component(forKey: "controller", as: Controller.self)
        #expect((after.store as? MemoryStore) === (before.store as? MemoryStore), "the original store is back, and so is its conversion")
    }

    @Test func aValueTypeStoreIsConvertedEachTime() throws {
        let factory = try AssemblyFixture.factory(Self.assembly(storeClass: "Limits"), registry: Self.registry())
        let names = try (0..<3).map { _ in try factory.component(forKey: "controller", as: Controller.self).store.name }
        #expect(names == ["the store", "the store", "the store"])
    }

    @Test func manyThreadsConvertingAtOnceAllGetTheOneStore() async throws {
        let factory = try AssemblyFixture.factory(Self.assembly(storeClass: "MemoryStore"), registry: Self.registry())
        let stores = try await withThrowingTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<32 {
                group.addTask { (try factory.component(forKey: "controller", as: Controller.self).store as? MemoryStore).map(ObjectIdentifier.init) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
        }
        #expect(stores.count == 1 && stores.first != nil)
    }
}
