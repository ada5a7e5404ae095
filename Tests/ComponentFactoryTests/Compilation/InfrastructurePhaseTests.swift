@_spi(Tooling) import ComponentFactory
import Testing

/// The compiler's first phase: the type converters and post-processors that
/// an assembly declares are compiled in the same run, ahead of the rest, and
/// each of their problems is reported once, by that phase.
@Suite struct InfrastructurePhaseTests {
    struct Volume: Equatable { let litres: Double }

    /// A converter that scales gallons by a factor given in the assembly.
    struct GallonConverter: TypeConverter {
        let factor: Double
        var typeName: String { "Volume" }
        func convert(_ text: String) throws(ConversionFailure) -> Volume {
            guard text.hasSuffix("gal"), let gallons = Double(text.dropLast(3)) else { throw ConversionFailure("expected gallons") }
            return Volume(litres: gallons * factor)
        }
    }

    final class Canister: Sendable {
        let volume: Volume
        init(volume: Volume) { self.volume = volume }
    }

    final class Gauge: Sendable {}

    static func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.register(GallonConverter.self) { converter in
            converter.initializer("initWithFactor:") { (factor: Double) in GallonConverter(factor: factor) }
            converter.initializer("initWithGauge:") { (_: Gauge) in GallonConverter(factor: 1) }
        }
        registry.register(Canister.self) { canister in
            canister.initializer("initWithVolume:") { (volume: Volume) in Canister(volume: volume) }
        }
        registry.register(Gauge.self) { gauge in gauge.initializer { Gauge() } }
        return registry
    }

    static let canister = """
        <component class="Canister" key="canister">
            <initializer selector="initWithVolume:"><argument parameterName="volume" value="2gal"/></initializer>
        </component>
        """

    @Test func aConverterConfiguredByAPlaceholderIsBuiltFirstAndConvertsTheRest() throws {
        let factory = try AssemblyFixture.factory(Self.canister + """

            <component class="GallonConverter" key="gallons">
                <initializer selector="initWithFactor:"><argument parameterName="factor" value="${litres.per.gallon}"/></initializer>
            </component>
            """, properties: ["litres.per.gallon": "3.785"], registry: Self.registry())
        #expect(try factory.component(forKey: "canister", as: Canister.self).volume == Volume(litres: 7.57))
    }

    /// Under the wiring check too (`COMPONENT_FACTORY_WIRING=compiled`): there the image names no type for
    /// a class chosen by a placeholder, and the compiled build must still find the converter first.
    @Test func aConverterWhoseClassIsAPlaceholderIsBuiltFirstToo() throws {
        let factory = try AssemblyFixture.factory(Self.canister + """

            <component class="${converter.class}" key="gallons">
                <initializer selector="initWithFactor:"><argument parameterName="factor" value="4"/></initializer>
            </component>
            """, properties: ["converter.class": "GallonConverter"], registry: Self.registry())
        #expect(try factory.component(forKey: "canister", as: Canister.self).volume == Volume(litres: 8))
    }

    @Test func aConverterThatUsesAnOrdinaryComponentIsOneErrorWithWhyAndNothingElseIsCompiledAgainstIt() {
        let components = Self.canister + """

            <component class="Gauge" key="gauge"/>
            <component class="GallonConverter" key="gallons">
                <initializer selector="initWithGauge:"><argument parameterName="gauge" ref="gauge"/></initializer>
            </component>
            """
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Self.registry())
        #expect(diagnostics.map(\.code) == [.unknownReference])
        #expect(diagnostics.first?.message == "type converter or post-processor 'gallons' cannot use 'gauge', which is neither")
        #expect(diagnostics.first?.location?.line == AssemblyFixture.line(of: "ref=\"gauge\"", in: components))
        #expect(diagnostics.first?.notes.map(\.message)
                    == ["'gauge' is defined here", "type converters and post-processors are built first, so they may reference only each other"])
    }

    @Test func aConvertersMissingPlaceholderIsReportedOnceAtItsLine() {
        let components = Self.canister + """

            <component class="GallonConverter" key="gallons">
                <initializer selector="initWithFactor:"><argument parameterName="factor" value="${litres.per.gallon}"/></initializer>
            </component>
            """
        let diagnostics = AssemblyFixture.diagnostics(components, registry: Self.registry())
        #expect(diagnostics.map(\.code) == [.unresolvedPlaceholder])
        #expect(diagnostics.first?.location?.line == AssemblyFixture.line(of: "litres.per.gallon", in: components))
    }

    @Test func eachTextWithPlaceholdersIsExpandedOnceThoughTheCheckAndThePlanBothReadIt() {
        var components = ""
        for index in 0..<50 {
            components += """
                <component class="Canister" key="canister\(index)">
                    <initializer selector="initWithVolume:"><argument parameterName="volume" value="${volume.\(index)}"/></initializer>
                </component>

                """
        }
        components += """
            <component class="GallonConverter" key="gallons">
                <initializer selector="initWithFactor:"><argument parameterName="factor" value="${litres.per.gallon}"/></initializer>
            </component>
            """
        var properties = ["litres.per.gallon": "3.785"]
        for index in 0..<50 { properties["volume.\(index)"] = "\(index)gal" }
        let validation = EnvironmentBuild(assemblies: AssemblyFixture.assemblies(components),
                                          configuration: AssemblyFixture.configuration(properties), registry: Self.registry())
        #expect(validation.diagnostics.isEmpty)
        // 50 volumes and the factor, each read by its check and by its plan.
        #expect(validation.expansions == 51)
    }
}
