@_spi(Tooling) @testable import ComponentFactory
import Testing

class Pilot {
    var name = ""
    var callSign = ""
    var ready = false
}

final class TestPilot: Pilot {
    var aircraft = ""
}

@Suite struct RegistrationInheritanceTests {
    private static func registry() throws -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(Pilot.self, conformsTo: [AnyObject.self]) { pilot in
            pilot.initializer { Pilot() }
            pilot.property("name", \.name)
            pilot.property("callSign", \.callSign)
            pilot.callback("ready") { $0.ready = true }
        }
        try registry.register(TestPilot.self, inheriting: Pilot.self) { test in
            test.initializer { TestPilot() }
            test.property("aircraft", \.aircraft)
        }
        return registry
    }

    @Test func aSubclassTakesItsSuperclassesPropertiesCallbacksAndConformances() throws {
        let registry = try Self.registry()
        let registration = try #require(registry.registration(named: "TestPilot"))
        #expect(registration.properties.keys.sorted() == ["aircraft", "callSign", "name"])
        #expect(registration.callbacks.keys.sorted() == ["ready"])
        #expect(registration.type.conformances.map(\.name) == ["AnyObject"])

        let factory = try AssemblyFixture.factory("""
            <component class="TestPilot" key="pilot" after-property-injection="ready">
                <property name="name" value="Rita"/>
                <property name="aircraft" value="X-15"/>
            </component>
            """, registry: registry)
        let pilot = try factory.component(forKey: "pilot", as: TestPilot.self)
        #expect((pilot.name, pilot.aircraft, pilot.ready) == ("Rita", "X-15", true))
    }

    @Test func onlyARealSubclassOfARegisteredClassMayInherit() throws {
        var registry = try Self.registry()
        let notSubclass = thrown { () throws(DiagnosticReport) in try registry.register(Driver.self, inheriting: Pilot.self) { _ in } }
        #expect(notSubclass?.diagnostics.first?.message == "Driver is not a subclass of Pilot, so it cannot inherit its registration")
        #expect(notSubclass?.diagnostics.first?.code == .typeMismatch)
        #expect(notSubclass?.diagnostics.first?.underlyingError is RegistrationError)
        let itself = thrown { () throws(DiagnosticReport) in try registry.register(Pilot.self, inheriting: Pilot.self) { _ in } }
        #expect(itself != nil)
        var empty = ComponentRegistry()
        let unregistered = thrown { () throws(DiagnosticReport) in try empty.register(TestPilot.self, inheriting: Pilot.self) { _ in } }
        #expect(unregistered?.diagnostics.first?.message == "Pilot is not registered; register it before its subclass TestPilot")
        #expect(unregistered?.diagnostics.first?.code == .unknownClass)
        #expect(registry.registration(named: "Driver") == nil, "a refused registration adds nothing")
    }

    @Test func aFactoryMethodsProductNeedsNoRegistration() throws {
        var registry = Garage.registry()
        registry.register(Garage.PilotSchool.self) { school in
            school.initializer { Garage.PilotSchool() }
            school.factoryMethod("pilotWithName:") { (school: Garage.PilotSchool, name: String) in school.pilot(named: name) }
        }
        let components = """
            <component class="PilotSchool" key="school"/>
            <component class="Pilot" key="pilot" factory-component="school">
                <initializer selector="pilotWithName:"><argument parameterName="name" value="Rita"/></initializer>
            </component>
            <component class="Pilto" key="typo" factory-component="school">
                <initializer selector="pilotWithName:"><argument parameterName="name" value="Rita"/></initializer>
            </component>
            """
        let diagnostics = AssemblyFixture.diagnostics(components, registry: registry)
        #expect(diagnostics.map(\.code) == [.unknownClass])
        #expect(diagnostics.first?.message
                    == "factory method 'pilotWithName:' of component 'typo' returns Pilot, not 'Pilto'; write class=\"Pilot\" or leave class= out")
        #expect(diagnostics.first?.location?.line == AssemblyFixture.line(of: "class=\"Pilto\"", in: components))

        let factory = try AssemblyFixture.factory(String(components.split(separator: "\n").prefix(4).joined(separator: "\n")),
                                                  registry: registry)
        #expect(try factory.component(forKey: "pilot", as: Pilot.self).name == "Rita")
    }
}

extension Garage {
    final class PilotSchool {
        func pilot(named name: String) -> Pilot {
            let pilot = Pilot()
            pilot.name = name
            return pilot
        }
    }
}
