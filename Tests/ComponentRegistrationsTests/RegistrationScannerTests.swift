@testable import component_registrations
import Testing

/// What the RegisterComponents plugin's generator finds in a target's
/// sources, and the `registerComponents()` it writes from them.
@Suite struct RegistrationScannerTests {
    @Test func componentsAndSettingsAreFoundWithTheirNestedNames() {
        let scanned = RegistrationScanner.scan("""
            @Component public final class Knight {}
            @MainActor @Component final class SeatMap {}
            @ComponentFactoryMacros.Component actor TicketLedger {}
            @Settings struct PricingSettings { var surge: Int = 0 }
            enum BoxOffice {
                @Component struct Till {}
            }
            extension BoxOffice {
                @Settings(prefix: "box") struct Hours {}
            }
            struct Plain {}
            protocol Marked {}
            func make() {
                @Component final class Local {}
            }
            """, file: "Sources/App/Types.swift")
        #expect(scanned.found.map(\.name) == ["Knight", "SeatMap", "TicketLedger", "PricingSettings", "BoxOffice.Till", "BoxOffice.Hours"])
        #expect(scanned.found.map(\.kind) == [.component, .component, .component, .settings, .component, .settings])
        #expect(scanned.found.first?.location == "Sources/App/Types.swift:1")
        #expect(scanned.skipped.isEmpty)
    }

    @Test func aPrivateOrGenericTypeIsAWarningNotARegistration() {
        let scanned = RegistrationScanner.scan("""
            @Component private final class Hidden {}
            @Component final class Box<T> {}
            """, file: "A.swift")
        #expect(scanned.found.isEmpty)
        #expect(scanned.skipped.count == 2)
        #expect(scanned.skipped.first?.hasPrefix("A.swift:1: warning: Hidden is private") == true)
        #expect(scanned.skipped.last?.contains("Box is generic") == true)
    }

    @Test func aSubclassIsRegisteredAfterItsSuperclassAndInheritsIt() {
        let types = RegistrationScanner.scan("""
            @Component final class CavalryMan: Knight {}
            @Component class Knight: Fighter {}
            @Component final class Squire: NSObject {}
            """, file: "A.swift").found
        let source = RegistrationSource(types: types).text
        #expect(RegistrationSource(types: types).ordered.map(\.name) == ["Knight", "Squire", "CavalryMan"])
        #expect(source.contains("        register(Knight.Registration.self)\n"))
        #expect(source.contains("        try register(CavalryMan.Registration.self, inheriting: Knight.self)\n"))
        #expect(source.contains("        register(Squire.Registration.self)\n"), "a superclass from elsewhere is not inherited")
        #expect(source.contains("mutating func registerComponents() throws(DiagnosticReport) {"))
    }

    @Test func aNestedSubclassFindsItsSuperclassInItsOwnScope() {
        let types = RegistrationScanner.scan("""
            enum Army {
                @Component class Knight {}
                @Component final class CavalryMan: Knight {}
            }
            """, file: "A.swift").found
        #expect(RegistrationSource(types: types).text.contains("try register(Army.CavalryMan.Registration.self, inheriting: Army.Knight.self)"))
    }

    @Test func aTargetWithNoMarkedTypeGetsAnEmptyRegistration() {
        let source = RegistrationSource(types: []).text
        #expect(source.contains("mutating func registerComponents() throws(DiagnosticReport) {\n    }"))
    }
}
