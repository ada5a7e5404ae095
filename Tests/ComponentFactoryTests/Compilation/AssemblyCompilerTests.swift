@_spi(Tooling) import ComponentFactory
import Testing

/// `AssemblyCompiler`, the one pass that checks and compiles: many
/// components are checked in two halves at once, and the findings must be
/// those of one pass, in component order, none lost and none twice.
@Suite struct AssemblyCompilerTests {
    /// Found by the seeded agreement of compiled wiring: a dictionary's entry key went unresolved by the
    /// checks, so a load failed with "no check said why".
    @Test func aPlaceholderInADictionarysEntryKeyThatDoesNotResolveIsReportedAtTheKey() {
        let components = #"""
            <component class="ElectricEngine" key="engine"/>
            <component class="Car" key="car">
                <initializer selector="initWithEngine:"><argument parameterName="engine" ref="engine"/></initializer>
                <property name="ratings"><collection requiredType="Dictionary"><entry key="${rating.name}" value="3"/></collection></property>
            </component>
            """#
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Garage.registry())
        #expect(diagnostics.map(\.code) == [.unresolvedPlaceholder])
        #expect(diagnostics.first?.location?.line == AssemblyFixture.line(of: "rating.name", in: components))
        #expect(throws: DiagnosticReport.self) { try AssemblyFixture.factory(components, registry: Garage.registry()) }
        do {
            _ = try AssemblyFixture.factory(components, registry: Garage.registry())
        } catch {
            #expect(!"\(error)".contains("no check said why"), "\(error)")
        }
    }

    @Test func findingsOfTenThousandComponentsCheckedInTwoHalvesComeInComponentOrder() {
        var body = ""
        var expected: [(line: Int, code: DiagnosticCode)] = []
        for index in 0..<10_000 {
            let line = index + 2  // after <assembly>
            let scope = index % 1_009 == 0 ? "forever" : "singleton"
            let target = index % 997 == 0 ? "missing\(index)" : "c\((index + 1) % 10_000)"
            body += "<component class=\"Link\" key=\"c\(index)\" scope=\"\(scope)\"><property name=\"next\" ref=\"\(target)\"/></component>\n"
            // A component's attribute findings come before its references'.
            if scope == "forever" { expected.append((line, .invalidAttributeValue)) }
            if target.hasPrefix("missing") { expected.append((line, .unknownReference)) }
        }
        let document = AssemblyReader.read(bytes: Array("<assembly>\n\(body)</assembly>\n".utf8), file: "many.xml").document
        let diagnostics = EnvironmentBuild(assemblies: AssemblySet(documents: [document]),
                                                configuration: Configuration(environment: nil, sources: []), knownEnvironments: []).diagnostics
        #expect(diagnostics.map { $0.location?.line ?? 0 } == expected.map(\.line))
        #expect(diagnostics.map(\.code) == expected.map(\.code))
        #expect(expected.count == 21)  // both halves have findings of both kinds
        #expect(diagnostics.last?.message.hasPrefix("no component with key 'missing9970'") == true)
    }
}
