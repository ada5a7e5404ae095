@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Testing

/// Which keys a reload says changed: a key's value in force, compared
/// before and after, found layer by layer (a file with the same
/// assignments, or the same variables, changes nothing).
@Suite(.timeLimit(.minutes(1))) struct ReloadChangedKeysTests {
    final class Pool: Sendable {
        let size: Int
        init(size: Int) { self.size = size }
    }

    static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Pool.self) { $0.initializer("initWithSize:") { (size: Int) in Pool(size: size) } }
        return registry
    }

    static let assembly = """
        <assembly>
            <property-placeholder location="app.properties"/>
            <component class="Pool" key="pool" scope="prototype">
                <initializer selector="initWithSize:"><argument parameterName="size" value="${db.pool}"/></initializer>
            </component>
        </assembly>
        """

    /// A base file and a production overlay, and the live factory of production.
    private static func live(base: String, overlay: String) async throws -> (TemporaryDirectory, LiveFactory) {
        let directory = try TemporaryDirectory()
        try directory.write("Assemblies/App.xml", assembly)
        try directory.write("Config/app.properties", base)
        try directory.write("Config/app-production.properties", overlay)
        let options = Factory.LoadOptions(config: .path(directory.file("Config")), environment: "production")
        return (directory, try await LiveFactory.load(assemblies: [.path(directory.file("Assemblies"))], registry: registry(), options: options))
    }

    @Test func aBaseValueTheOverlayHidesChangesNothing() async throws {
        let (directory, live) = try await Self.live(base: "db.pool = 4\nname = app\n", overlay: "db.pool = 8\n")
        try directory.write("Config/app.properties", "db.pool = 5\nname = app\n")
        let reload = await live.reload()
        #expect(reload.outcome == .unchanged)
        #expect(reload.changedKeys.isEmpty)
        #expect(try live.factory.component(forKey: "pool", as: Pool.self).size == 8)
        try await live.shutdown()
    }

    @Test func aKeyTakenOutOfTheOverlayChangesToTheBaseValue() async throws {
        let (directory, live) = try await Self.live(base: "db.pool = 4\nname = app\n", overlay: "db.pool = 8\n")
        try directory.write("Config/app-production.properties", "# no pool here\n")
        let reload = await live.reload()
        #expect(reload.outcome == .swapped)
        #expect(reload.changedKeys == ["db.pool"])
        #expect(reload.changes.map(\.description) == ["db.pool: 8 → 4"])
        #expect(try live.factory.component(forKey: "pool", as: Pool.self).size == 4)
        try await live.shutdown()
    }

    @Test func aKeyAddedAndOneRemovedInTheSameFileAreBothChanged() async throws {
        let (directory, live) = try await Self.live(base: "db.pool = 4\nold = 1\n", overlay: "")
        try directory.write("Config/app.properties", "db.pool = 4\nnew = 2\n")
        let reload = await live.reload()
        #expect(reload.changedKeys == ["new", "old"])
        try await live.shutdown()
    }
}
