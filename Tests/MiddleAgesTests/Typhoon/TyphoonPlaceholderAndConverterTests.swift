@_spi(Tooling) import ComponentFactory
import Foundation
import MiddleAges
import Testing

/// Typhoon 1.8's `TyphoonPropertyPlaceholderConfigurerTests`, and the cases of
/// its type converter tests that apply to Swift (selectors, classes, C strings
/// and pointer types do not).
@Suite struct TyphoonPlaceholderAndConverterTests {
    private func knight(_ components: String) throws -> Knight {
        let assemblies = AssemblySet(documents: [AssemblyReader.read(bytes: Array("<assembly>\(components)</assembly>".utf8),
                                                                     file: "knight.xml").document])
        let configuration = Configuration(environment: nil, sources: [
            InMemoryPropertySource(name: "SomeProperties.properties", values: ["damsels.rescued": "12"]),
        ])
        let factory = try Factory(assemblies: assemblies, configuration: configuration, registry: try TyphoonRegistry.make())
        return try factory.component(ofType: Knight.self)
    }

    @Test func placeholdersReachInitializerValues() throws {
        let knight = try knight("""
            <component class="CampaignQuest" key="quest"/>
            <component class="Knight" key="knight">
                <initializer selector="initWithQuest:damselsRescued:">
                    <argument index="0" ref="quest"/><argument index="1" value="${damsels.rescued}"/>
                </initializer>
            </component>
            """)
        #expect(knight.damselsRescued == 12)
    }

    @Test func placeholdersReachPropertyValues() throws {
        #expect(try knight("<component class=\"Knight\" key=\"knight\"><property name=\"damselsRescued\" value=\"${damsels.rescued}\"/></component>")
                    .damselsRescued == 12)
    }

    /// Changed on purpose: Typhoon left a missing placeholder as nil. We refuse to load.
    @Test func aMissingPlaceholderIsAnError() {
        let error = #expect(throws: DiagnosticReport.self) {
            try knight("<component class=\"Knight\" key=\"knight\"><property name=\"damselsRescued\" value=\"${damsels.resqued}\"/></component>")
        }
        #expect(error?.diagnostics.map(\.code) == [.unresolvedPlaceholder])
    }

    @Test func primitiveConversionsMatchTyphoons() throws {
        let converters = TypeConverters()
        #expect(try converters.convert("true", to: Bool.self) == true)
        #expect(try converters.convert("YES", to: Bool.self) == true)
        #expect(try converters.convert("no", to: Bool.self) == false)
        #expect(try converters.convert("-32768", to: Int16.self) == .min)
        #expect(try converters.convert("123456789", to: Int.self) == 123_456_789)
        #expect(try converters.convert("9223372036854775807", to: Int64.self) == .max)
        #expect(try converters.convert("255", to: UInt8.self) == 255)
        #expect(try converters.convert("4294967295", to: UInt32.self) == .max)
        #expect(try converters.convert("65535", to: UInt16.self) == .max)
        #expect(try converters.convert("18446744073709551615", to: UInt.self) == .max)
        #expect(try converters.convert("12.75", to: Double.self) == 12.75)
        // Stricter than Typhoon, which read a prefix and clamped: these are errors.
        #expect(throws: ConversionFailure.self) { try converters.convert("12abc", to: Int.self) }
        #expect(throws: ConversionFailure.self) { try converters.convert("256", to: UInt8.self) }
    }

    @Test func stringsPassThroughUnchanged() throws {
        #expect(try TypeConverters().convert("  a mutable string  ", to: String.self) == "  a mutable string  ")
        #expect(TypeConverters().converter(named: "NSMutableString")?.typeName == "String")
    }

    @Test func aTypeWithNoConverterIsAnError() {
        struct Unregistered {}
        #expect(throws: ConversionFailure.self) { try TypeConverters().convert("x", to: Unregistered.self) }
    }

    /// Changed on purpose: Typhoon raised when a converter type was registered twice;
    /// ours replaces it, so a test or an environment can swap a converter.
    @Test func registeringAConverterAgainReplacesIt() throws {
        struct Shouting: TypeConverter {
            var typeName: String { "String" }
            func convert(_ text: String) throws(ConversionFailure) -> String { text.uppercased() }
        }
        var converters = TypeConverters()
        converters.register(Shouting())
        #expect(try converters.convert("hi", to: String.self) == "HI")
    }
}
