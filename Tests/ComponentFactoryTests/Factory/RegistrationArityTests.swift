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

    final class Number {
        let value: Int
        init(value: Int) { self.value = value }
    }

    /// More components than one word of the factory's registers has bits for
    /// (64), each a reference: every one reaches its own parameter, in order.
    @Test func aParameterPackOfSixtySixComponentsGetsEachInOrder() throws {
        let selector = "initWithN0:" + (1..<66).map { "n\($0):" }.joined()
        var registry = ComponentRegistry()
        registry.register(Number.self) { $0.initializer("initWithValue:") { (value: Int) in Number(value: value) } }
        registry.register(Received.self) { r in
            r.initializer(selector) { (
                n0: Number, n1: Number, n2: Number, n3: Number, n4: Number, n5: Number, n6: Number, n7: Number, n8: Number, n9: Number,
                n10: Number, n11: Number, n12: Number, n13: Number, n14: Number, n15: Number, n16: Number, n17: Number, n18: Number, n19: Number,
                n20: Number, n21: Number, n22: Number, n23: Number, n24: Number, n25: Number, n26: Number, n27: Number, n28: Number, n29: Number,
                n30: Number, n31: Number, n32: Number, n33: Number, n34: Number, n35: Number, n36: Number, n37: Number, n38: Number, n39: Number,
                n40: Number, n41: Number, n42: Number, n43: Number, n44: Number, n45: Number, n46: Number, n47: Number, n48: Number, n49: Number,
                n50: Number, n51: Number, n52: Number, n53: Number, n54: Number, n55: Number, n56: Number, n57: Number, n58: Number, n59: Number,
                n60: Number, n61: Number, n62: Number, n63: Number, n64: Number, n65: Number
            ) in
                Received([
                    n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14, n15,
                    n16, n17, n18, n19, n20, n21, n22, n23, n24, n25, n26, n27, n28, n29, n30, n31,
                    n32, n33, n34, n35, n36, n37, n38, n39, n40, n41, n42, n43, n44, n45, n46, n47,
                    n48, n49, n50, n51, n52, n53, n54, n55, n56, n57, n58, n59, n60, n61, n62, n63,
                    n64, n65
                ].map { "\($0.value)" })
            }
        }
        let numbers = (0..<66).map {
            "<component class=\"Number\" key=\"n\($0)\" scope=\"prototype\"><initializer selector=\"initWithValue:\">"
                + "<argument parameterName=\"value\" value=\"\($0 * 3)\"/></initializer></component>"
        }
        let references = (0..<66).map { "<argument parameterName=\"n\($0)\" ref=\"n\($0)\"/>" }
        let factory = try AssemblyFixture.factory(numbers.joined() + """
            <component class="Received" key="many" scope="prototype">
                <initializer selector="\(selector)">\(references.joined())</initializer>
            </component>
            """, registry: registry)
        #expect(try factory.component(forKey: "many", as: Received.self).values == (0..<66).map { "\($0 * 3)" })
    }
}
