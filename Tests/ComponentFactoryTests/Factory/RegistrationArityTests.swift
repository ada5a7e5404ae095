@_spi(Tooling) import ComponentFactory
import Testing

/// Closures of one to four parameters (initializers: six) are registered
/// through their own overloads, the rest through the parameter-pack form: both must hand
/// every argument to its own parameter, in order.
@Suite struct RegistrationArityTests {
    /// What a registered closure received, in order.
    final class Received {
        let values: [String]
        init(_ values: [String]) { self.values = values }
    }

    final class Maker {
        let prefix: String
        init(prefix: String) { self.prefix = prefix }
    }

    static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Received.self) { r in
            r.initializer("init") { Received([]) }
            r.initializer("initWithA:") { (a: String) in Received([a]) }
            r.initializer("initWithA:b:") { (a: String, b: Int) in Received([a, "\(b)"]) }
            r.initializer("initWithA:b:c:") { (a: String, b: Int, c: Bool) in Received([a, "\(b)", "\(c)"]) }
            r.initializer("initWithA:b:c:d:") { (a: String, b: Int, c: Bool, d: Double) in Received([a, "\(b)", "\(c)", "\(d)"]) }
            r.initializer("initWithA:b:c:d:e:") { (a: String, b: Int, c: Bool, d: Double, e: String) in
                Received([a, "\(b)", "\(c)", "\(d)", e])
            }
            r.initializer("initWithA:b:c:d:e:f:") { (a: String, b: Int, c: Bool, d: Double, e: String, f: Int) in
                Received([a, "\(b)", "\(c)", "\(d)", e, "\(f)"])
            }
            r.initializer("initWithA:b:c:d:e:f:g:") { (a: String, b: Int, c: Bool, d: Double, e: String, f: Int, g: Bool) in
                Received([a, "\(b)", "\(c)", "\(d)", e, "\(f)", "\(g)"])
            }
            r.classMethod("receivedWithA:") { (a: String) in Received(["class", a]) }
            r.classMethod("receivedWithA:b:c:d:") { (a: String, b: Int, c: Bool, d: Double) in Received(["class", a, "\(b)", "\(c)", "\(d)"]) }
            r.classMethod("receivedWithA:b:c:d:e:") { (a: String, b: Int, c: Bool, d: Double, e: String) in
                Received(["class", a, "\(b)", "\(c)", "\(d)", e])
            }
        }
        registry.register(Maker.self) { m in
            m.initializer("initWithPrefix:") { (prefix: String) in Maker(prefix: prefix) }
            m.factoryMethod("receivedWithA:b:", returns: Received.self) { (maker: Maker, a: String, b: Int) in
                Received([maker.prefix, a, "\(b)"])
            }
            m.factoryMethod("receivedWithA:b:c:d:e:", returns: Received.self) {
                (maker: Maker, a: String, b: Int, c: Bool, d: Double, e: String) in
                Received([maker.prefix, a, "\(b)", "\(c)", "\(d)", e])
            }
        }
        return registry
    }

    static let arguments = [("a", "x"), ("b", "7"), ("c", "yes"), ("d", "2.5"), ("e", "last"), ("f", "6"), ("g", "no")]

    static func initializer(_ selector: String, count: Int, classMethod: Bool = false) -> String {
        let given = arguments.prefix(count).map { "<argument parameterName=\"\($0.0)\" value=\"\($0.1)\"/>" }.joined()
        return "<initializer selector=\"\(selector)\"\(classMethod ? " is-class-method=\"yes\"" : "")>\(given)</initializer>"
    }

    @Test(arguments: [
        ("init", 0), ("initWithA:", 1), ("initWithA:b:", 2), ("initWithA:b:c:", 3), ("initWithA:b:c:d:", 4), ("initWithA:b:c:d:e:", 5),
        ("initWithA:b:c:d:e:f:", 6), ("initWithA:b:c:d:e:f:g:", 7),
    ])
    func anInitializerOfAnyArityGetsItsArgumentsInOrder(selector: String, count: Int) throws {
        let factory = try AssemblyFixture.factory(
            "<component class=\"Received\" key=\"r\">\(Self.initializer(selector, count: count))</component>", registry: Self.registry())
        let expected = ["x", "7", "true", "2.5", "last", "6", "false"].prefix(count)
        #expect(try factory.component(forKey: "r", as: Received.self).values == Array(expected))
    }

    @Test func classMethodsGetTheirArgumentsInOrder() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="Received" key="one">\(Self.initializer("receivedWithA:", count: 1, classMethod: true))</component>
            <component class="Received" key="four">\(Self.initializer("receivedWithA:b:c:d:", count: 4, classMethod: true))</component>
            <component class="Received" key="five">\(Self.initializer("receivedWithA:b:c:d:e:", count: 5, classMethod: true))</component>
            """, registry: Self.registry())
        #expect(try factory.component(forKey: "one", as: Received.self).values == ["class", "x"])
        #expect(try factory.component(forKey: "four", as: Received.self).values == ["class", "x", "7", "true", "2.5"])
        #expect(try factory.component(forKey: "five", as: Received.self).values == ["class", "x", "7", "true", "2.5", "last"])
    }

    @Test func factoryMethodsGetTheirFactoryComponentThenTheirArguments() throws {
        let factory = try AssemblyFixture.factory("""
            <component class="Maker" key="maker">
                <initializer selector="initWithPrefix:"><argument parameterName="prefix" value="made"/></initializer>
            </component>
            <component key="two" factory-component="maker">\(Self.initializer("receivedWithA:b:", count: 2))</component>
            <component key="five" factory-component="maker">\(Self.initializer("receivedWithA:b:c:d:e:", count: 5))</component>
            """, registry: Self.registry())
        #expect(try factory.component(forKey: "two", as: Received.self).values == ["made", "x", "7"])
        #expect(try factory.component(forKey: "five", as: Received.self).values == ["made", "x", "7", "true", "2.5", "last"])
    }
}
