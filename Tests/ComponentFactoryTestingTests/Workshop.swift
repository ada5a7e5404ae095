@_spi(Tooling) import ComponentFactory
@_spi(Tooling) import ComponentFactoryTesting
import Foundation

/// A small model for the patcher tests: a car with an engine, and a garage
/// (an eager singleton) that keeps one. Each test builds its own factory.
protocol Engine: Sendable {
    var name: String { get }
}

final class PetrolEngine: Engine {
    let name = "petrol"
}

final class StubEngine: Engine {
    let name: String
    init(_ name: String = "stub") { self.name = name }
}

final class Car: Sendable {
    let engine: any Engine
    init(engine: any Engine) { self.engine = engine }
}

final class Garage: Sendable {
    let engine: any Engine
    init(engine: any Engine) { self.engine = engine }
}

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
    private var count = 0
    private let lock = NSLock()

    var value: Int {
        lock.withLock { count }
    }

    func increment() {
        lock.withLock { count += 1 }
    }
}

enum Workshop {
    static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(PetrolEngine.self, conformsTo: [(any Engine).self]) { $0.initializer { PetrolEngine() } }
        registry.register(Car.self) { $0.initializer("initWithEngine:") { (engine: any Engine) in Car(engine: engine) } }
        registry.register(Garage.self) { $0.initializer("initWithEngine:") { (engine: any Engine) in Garage(engine: engine) } }
        return registry
    }

    /// `engine` in the scope asked for; `car` a prototype; `garage` an eager singleton holding `sharedEngine`.
    static func assemblies(engineScope: String = "prototype") -> AssemblySet {
        let xml = """
            <assembly>
                <component class="PetrolEngine" key="engine" scope="\(engineScope)"/>
                <component class="PetrolEngine" key="sharedEngine" scope="singleton"/>
                <component class="Car" key="car" scope="prototype">
                    <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                </component>
                <component class="Garage" key="garage" scope="singleton">
                    <initializer selector="initWithEngine:"><argument parameterName="engine" ref="sharedEngine"/></initializer>
                </component>
            </assembly>
            """
        return AssemblySet(documents: [AssemblyReader.read(bytes: Array(xml.utf8), file: "Workshop.xml").document])
    }

    static func factory(engineScope: String = "prototype") throws -> Factory {
        try Factory(assemblies: assemblies(engineScope: engineScope), configuration: configuration, registry: registry())
    }

    /// A new factory, and a patcher already attached to it.
    static func attachedPatcher(engineScope: String = "prototype") throws -> (Factory, Patcher) {
        let factory = try factory(engineScope: engineScope)
        let patcher = Patcher()
        try patcher.attach(to: factory)
        return (factory, patcher)
    }

    static func load(with patcher: Patcher, engineScope: String = "prototype") throws -> Factory {
        try patcher.load(assemblies: assemblies(engineScope: engineScope), configuration: configuration, registry: registry())
    }

    static let configuration = Configuration(environment: "test", sources: [])

    static func engineName(_ factory: Factory, _ key: String = "engine") throws -> String {
        try factory.component(forKey: key, as: (any Engine).self).name
    }
}
