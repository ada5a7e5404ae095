@_spi(Tooling) import ComponentFactory
import Testing

/// The factory holds a class instance as itself and any other value boxed
/// under its own type, and hands an argument over by comparing types where
/// it can. Every kind of value must still arrive as what it is: a struct,
/// an optional, a subclass for a superclass, an existential, and a value a
/// post-processor puts in place of an object.
@Suite struct FactoryInstanceKindsTests {
    struct Point: Equatable { var x: Int; var y: Int }
    protocol Shape: Sendable { var name: String { get } }
    struct Square: Shape { let name = "square" }
    class Animal { var sound: String { "" } }
    final class Dog: Animal { override var sound: String { "woof" } }

    /// What each registered closure received.
    final class Canvas {
        let origin: Point
        let label: String?
        let animal: Animal
        let shape: any Shape
        init(origin: Point, label: String?, animal: Animal, shape: any Shape) {
            self.origin = origin; self.label = label; self.animal = animal; self.shape = shape
        }
    }

    /// Replaces every `Dog` with a `Point`, a value where an object was built.
    struct DogToPoint: ComponentPostProcessor {
        func postProcess(_ component: Any, key: String) throws -> Any {
            component is Dog ? Point(x: 7, y: 7) : component
        }
    }

    static func registry(log: EventLog = EventLog()) -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Point.self) { point in
            point.initializer("initWithX:y:") { (x: Int, y: Int) in
                log.record("Point")
                return Point(x: x, y: y)
            }
            point.property("x", \.x)
        }
        registry.register(Dog.self) { $0.initializer { Dog() } }
        registry.register(Square.self, conformsTo: [(any Shape).self]) { $0.initializer { Square() } }
        registry.register(Canvas.self) { canvas in
            canvas.initializer("initWithOrigin:label:animal:shape:") { (origin: Point, label: String?, animal: Animal, shape: any Shape) in
                Canvas(origin: origin, label: label, animal: animal, shape: shape)
            }
        }
        return registry
    }

    private let canvas = """
        <component class="Point" key="origin" scope="prototype">
            <initializer selector="initWithX:y:"><argument parameterName="x" value="3"/><argument parameterName="y" value="4"/></initializer>
            <property name="x" value="5"/>
        </component>
        <component class="Dog" key="dog"/>
        <component class="Square" key="square"/>
        <component class="Canvas" key="canvas" scope="prototype">
            <initializer selector="initWithOrigin:label:animal:shape:">
                <argument parameterName="origin" ref="origin"/>
                <argument parameterName="label" value="sketch"/>
                <argument parameterName="animal" ref="dog"/>
                <argument parameterName="shape" ref="square"/>
            </initializer>
        </component>
        """

    @Test func structsOptionalsSubclassesAndExistentialsArriveAsThemselves() throws {
        let factory = try AssemblyFixture.factory(canvas, registry: Self.registry())
        let built = try factory.component(forKey: "canvas", as: Canvas.self)
        #expect(built.origin == Point(x: 5, y: 4))  // built by its initializer, then its property set
        #expect(built.label == "sketch")
        #expect(built.animal.sound == "woof")
        #expect(built.shape.name == "square")
        #expect(try factory.component(forKey: "dog", as: Animal.self) is Dog)
        #expect(try factory.component(forKey: "square", as: (any Shape).self).name == "square")
        #expect(try factory.component(forKey: "origin") as? Point == Point(x: 5, y: 4))
    }

    @Test func nullGivesNilToAnOptionalArgument() throws {
        let factory = try AssemblyFixture.factory(canvas.replacingOccurrences(of: "<argument parameterName=\"label\" value=\"sketch\"/>",
                                                                            with: "<argument parameterName=\"label\"><null/></argument>"),
                                                  registry: Self.registry())
        #expect(try factory.component(forKey: "canvas", as: Canvas.self).label == nil)
    }

    @Test func aSharedStructIsCopiedOutSoChangingOneCopyLeavesTheOthers() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="Point" key="corner" scope="singleton">
                <initializer selector="initWithX:y:"><argument parameterName="x" value="1"/><argument parameterName="y" value="2"/></initializer>
            </component>
            """, registry: Self.registry())
        var first = try factory.component(forKey: "corner", as: Point.self)
        first.x = 100
        #expect(try factory.component(forKey: "corner", as: Point.self) == Point(x: 1, y: 2))
    }

    @Test func aWeakSingletonThatIsAValueIsBuiltAnewEachTime() throws {
        // A struct cannot be held weakly; the factory keeps nothing and builds it again.
        let log = EventLog()
        let factory = try AssemblyFixture.factory("""
            <component class="Point" key="corner" scope="weak-singleton">
                <initializer selector="initWithX:y:"><argument parameterName="x" value="1"/><argument parameterName="y" value="2"/></initializer>
            </component>
            """, registry: Self.registry(log: log))
        #expect(try factory.component(forKey: "corner", as: Point.self) == Point(x: 1, y: 2))
        #expect(try factory.component(forKey: "corner", as: Point.self) == Point(x: 1, y: 2))
        #expect(log.count(of: "Point") == 2)
    }

    @Test func aPostProcessorMayPutAValueWhereAnObjectWasBuilt() throws {
        var registry = Self.registry()
        registry.add(DogToPoint())
        let factory = try AssemblyFixture.factory("<component class=\"Dog\" key=\"dog\"/>", registry: registry)
        #expect(try factory.component(forKey: "dog", as: Point.self) == Point(x: 7, y: 7))
        let error = try #require((thrownError { _ = try factory.component(forKey: "dog", as: Dog.self) } as? DiagnosticReport)?.diagnostics.first)
        #expect(error.code == .typeMismatch)
        #expect(error.message.contains("Point"))
    }
}
