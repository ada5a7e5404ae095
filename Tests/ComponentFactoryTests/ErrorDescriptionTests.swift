@_spi(Tooling) @testable import ComponentFactory
import Foundation
import Testing

/// Every public error prints as compiler-style text, the same through
/// `"\(error)"` and `localizedDescription`.
@Suite struct ErrorDescriptionTests {
    private static func printed(_ error: any Error) -> (interpolated: String, localized: String) {
        ("\(error)", error.localizedDescription)
    }

    @Test func aDiagnosticPrintsAsACompilerLineWithItsNotes() {
        let diagnostic = Diagnostic(.unknownReference, "no component with key 'qeust'; did you mean 'quest'?",
                                    at: SourceLocation(file: "Assemblies/knights.xml", line: 14, column: 5),
                                    notes: [Diagnostic.Note("first defined here", at: SourceLocation(file: "a.xml", line: 2))])
        let expected = "Assemblies/knights.xml:14:5: error: no component with key 'qeust'; did you mean 'quest'? [unknown-reference]\n"
            + "    a.xml:2:1: note: first defined here"
        #expect(Self.printed(diagnostic) == (expected, expected))
    }

    @Test func aReportPrintsEveryDiagnosticOnItsOwnLine() {
        let report = DiagnosticReport([
            Diagnostic(.malformedXML, "Opening and ending tag mismatch", at: SourceLocation(file: "a.xml", line: 3)),
            Diagnostic(.unknownClass, "no registered type named 'Nite'", at: SourceLocation(file: "a.xml", line: 7, column: 16)),
        ])
        let expected = "a.xml:3:1: error: Opening and ending tag mismatch [malformed-xml]\n"
            + "a.xml:7:16: error: no registered type named 'Nite' [unknown-class]"
        #expect(Self.printed(report) == (expected, expected))
    }

    @Test func aBuildFailurePrintsAsItsBuildFailedDiagnostic() throws {
        var registry = Garage.registry()
        registry.register(Tank.self) { tank in
            tank.initializer { () throws -> Tank in throw ConversionFailure("the tank leaks") }
        }
        let factory = try AssemblyFixture.factory("<component class=\"Tank\" key=\"tank\"/>", registry: registry)
        let error = try #require(thrown { _ = try factory.component(forKey: "tank") })
        let expected = "Test.xml:2:1: error: building 'tank' (tank) failed: the tank leaks [build-failed]"
        #expect((error as? DiagnosticReport)?.diagnostics.first?.underlyingError is ConversionFailure)
        #expect(Self.printed(error) == (expected, expected))
    }

    @Test func aConversionFailurePrintsAsADiagnosticWithNoPlace() {
        let expected = "error: 300 is out of range for UInt8 (0...255) [conversion]"
        #expect(Self.printed(ConversionFailure("300 is out of range for UInt8 (0...255)")) == (expected, expected))
    }

    @Test func aProfileExpressionErrorPrintsWithItsCode() {
        let error = thrown { _ = try ProfileExpression(parsing: "test,,") }
        let printed = Self.printed(error ?? ConversionFailure("nothing thrown"))
        #expect(printed.interpolated.hasPrefix("error: "))
        #expect(printed.interpolated.hasSuffix(" [invalid-attribute-value]"))
        #expect(printed.localized == printed.interpolated)
    }

    @Test func aRegistrationErrorPrintsItsMessage() {
        let expected = "error: Car is not a subclass of Driver, so it cannot inherit its registration"
        #expect(Self.printed(RegistrationError("Car is not a subclass of Driver, so it cannot inherit its registration"))
                    == (expected, expected))
    }

    @Test func aFailableInitializerThatReturnedNilPrintsItsSelectorAndType() {
        let expected = "error: init(number:) of Port returned nil"
        #expect(Self.printed(InitializerReturnedNil(selector: "init(number:)", type: "Port")) == (expected, expected))
    }
}
