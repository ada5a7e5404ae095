@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing

@Suite struct TypeConvertersTests {
    private let converters = TypeConverters()

    private func failure<Value: Sendable>(_ text: String, _ type: Value.Type) -> ConversionFailure? {
        do {
            _ = try converters.convert(text, to: type)
            return nil
        } catch {
            return error
        }
    }

    @Test func integersAcceptDecimalAndHexAndRejectOverflowWithTheRange() throws {
        #expect(try converters.convert("42", to: Int.self) == 42)
        #expect(try converters.convert("-7", to: Int8.self) == -7)
        #expect(try converters.convert("+7", to: Int.self) == 7)
        #expect(try converters.convert("0xff", to: UInt8.self) == 255)
        #expect(try converters.convert("0X7FFF", to: Int16.self) == 32767)
        #expect(try converters.convert("18446744073709551615", to: UInt64.self) == .max)
        #expect(failure("300", UInt8.self)?.reason == "300 is out of range for UInt8 (0...255)")
        #expect(failure("-1", UInt.self)?.reason.contains("out of range") == true)
        #expect(failure("0x100", UInt8.self)?.reason.contains("out of range") == true)
        for bad in ["", "12abc", " 12", "12 ", "1_000", "0x", "1.0", "--1"] {
            #expect(failure(bad, Int.self)?.reason.contains("not a whole number") == true, "\(bad)")
        }
    }

    @Test func floatingPointUsesSwiftsParseAndRejectsOverflow() throws {
        #expect(try converters.convert("13.75", to: Double.self) == 13.75)
        #expect(try converters.convert("1e3", to: Float.self) == 1000)
        #expect(try converters.convert("-inf", to: Double.self) == -.infinity)
        #expect(try converters.convert("nan", to: Double.self).isNaN)
        #expect(failure("1e40", Float.self)?.reason.contains("out of range") == true)
        #expect(failure("1e400", Double.self)?.reason.contains("out of range") == true)
        #expect(failure("13.75kg", Double.self) != nil)
        #expect(failure("", Double.self) != nil)
    }

    @Test func decimalMustBeTheWholeText() throws {
        #expect(try converters.convert("12.50", to: Decimal.self) == Decimal(string: "12.5"))
        #expect(try converters.convert("-1e2", to: Decimal.self) == Decimal(-100))
        #expect(failure("12abc", Decimal.self) != nil)
        #expect(failure("1,5", Decimal.self) != nil)
    }

    @Test func boolAcceptsTheSixWordsInAnyCase() throws {
        for (text, expected) in [("true", true), ("YES", true), ("1", true), ("False", false), ("no", false), ("0", false)] {
            #expect(try converters.convert(text, to: Bool.self) == expected, "\(text)")
        }
        #expect(failure("y", Bool.self)?.reason == "use true, false, yes, no, 1 or 0")
    }

    @Test func urlNeedsASchemeOrIsAPath() throws {
        #expect(try converters.convert("https://example.org/api?q=1", to: URL.self).host == "example.org")
        #expect(try converters.convert("/var/data", to: URL.self).isFileURL)
        #expect(try converters.convert("data/file.txt", to: URL.self).isFileURL)
        #expect(failure("", URL.self) != nil)
        #expect(failure("http://exa mple.org", URL.self) != nil)
        #expect(failure(":nothing", URL.self) != nil)
    }

    @Test func dateIsISO8601() throws {
        let date = try converters.convert("2026-11-22T09:30:00Z", to: Date.self)
        #expect(date.timeIntervalSince1970 == 1_795_339_800)
        #expect(try converters.convert("2026-11-22T10:30:00+01:00", to: Date.self) == date)
        #expect(try converters.convert("2026-11-22T09:30:00.250Z", to: Date.self).timeIntervalSince(date) == 0.25)
        #expect(try converters.convert("2026-11-22", to: Date.self).timeIntervalSince1970 == 1_795_305_600)
        #expect(failure("22/11/2026", Date.self) != nil)
        #expect(failure("2026-13-01", Date.self) != nil)
    }

    @Test func durationTakesAWholeNumberAndAUnit() throws {
        #expect(try converters.convert("250ms", to: Duration.self) == .milliseconds(250))
        #expect(try converters.convert("30s", to: Duration.self) == .seconds(30))
        #expect(try converters.convert("5m", to: Duration.self) == .seconds(300))
        #expect(try converters.convert("2h", to: Duration.self) == .seconds(7200))
        for bad in ["30", "1.5s", "30 s", "s", "-5s", "3d"] {
            #expect(failure(bad, Duration.self) != nil, "\(bad)")
        }
        #expect(failure("9223372036854775807h", Duration.self)?.reason.contains("out of range") == true)
    }

    @Test func uuidAndDataUseTheirTextForms() throws {
        #expect(try converters.convert("E621E1F8-C36C-495A-93FC-0C247A3E6E5F", to: UUID.self).uuidString
            == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(try converters.convert("aGVsbG8=", to: Data.self) == Data("hello".utf8))
        #expect(failure("not-a-uuid", UUID.self) != nil)
        #expect(failure("***", Data.self) != nil)
    }

    enum Weapon: String, CaseIterable, Sendable { case sword, lance }
    enum Rank: Int, CaseIterable, Sendable { case squire = 1, knight = 2 }

    @Test func enumsConvertByRawValueAndListTheValidOnes() throws {
        var converters = TypeConverters()
        converters.registerEnum(Weapon.self)
        converters.registerEnum(Rank.self)
        #expect(try converters.convert("lance", to: Weapon.self) == .lance)
        #expect(try converters.convert("2", to: Rank.self) == .knight)
        do {
            _ = try converters.convert("axe", to: Weapon.self)
            Issue.record("expected a failure")
        } catch {
            #expect(error.reason == "not one of 'sword', 'lance'")
        }
    }

    struct Temperature: Equatable, Sendable { var celsius: Double }

    struct TemperatureConverter: TypeConverter {
        var typeName: String { "Temperature" }
        func convert(_ text: String) throws(ConversionFailure) -> Temperature {
            guard text.hasSuffix("°C"), let degrees = Double(text.dropLast(2)) else {
                throw ConversionFailure("expected degrees Celsius, such as 21.5°C")
            }
            return Temperature(celsius: degrees)
        }
    }

    @Test func customConvertersBelongToOneRegistryOnly() throws {
        var mine = TypeConverters()
        mine.register(TemperatureConverter())
        #expect(try mine.convert("21.5°C", to: Temperature.self) == Temperature(celsius: 21.5))
        #expect(mine.canConvert(to: Temperature.self))
        // Another factory's converters are untouched: there is no shared registry.
        let other = TypeConverters()
        #expect(!other.canConvert(to: Temperature.self))
        #expect(throws: ConversionFailure.self) { try other.convert("21.5°C", to: Temperature.self) }
    }

    @Test func conversionDiagnosticNamesTextTypeComponentMemberAndOrigins() {
        let site = ComponentFactory.SourceLocation(file: "Assemblies/app.xml", line: 12, column: 9)
        let origin = ComponentFactory.SourceLocation(file: "Config/app-test.properties", line: 3)
        let diagnostic = ConversionFailure("not a whole number; write decimal digits or 0x and hex digits")
            .diagnostic(text: "twelve", typeName: "Int", component: "knight", member: "damselsRescued", at: site, origins: [origin])
        #expect(diagnostic.code == .conversion)
        #expect(diagnostic.location == site)
        #expect(diagnostic.message.hasPrefix("cannot convert 'twelve' to Int for 'damselsRescued' of component 'knight': "))
        #expect(diagnostic.notes.map(\.location) == [origin])
    }

    @Test func resolverReportsThePropertyLinesThatSuppliedAValue() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("app.properties", "damsels=${count}\ncount=twelve\nunused=1\n")
        let configuration = try ConfigurationLoader(root: try ConfigRoot.scan(directory.path)).load(files: [file])
        var resolver = PlaceholderResolver(configuration: configuration)
        var origins: [ComponentFactory.SourceLocation] = []
        let text = try resolver.resolve("${damsels}", at: nil, origins: &origins)
        #expect(text == "twelve")
        #expect(origins == [ComponentFactory.SourceLocation(file: file, line: 1), ComponentFactory.SourceLocation(file: file, line: 2)])
        var again: [ComponentFactory.SourceLocation] = []
        _ = try resolver.resolve("${damsels} and ${damsels}", at: nil, origins: &again)
        #expect(again == origins)
        var none: [ComponentFactory.SourceLocation] = []
        _ = try resolver.resolve("plain", at: nil, origins: &none)
        #expect(none.isEmpty)
    }
}
