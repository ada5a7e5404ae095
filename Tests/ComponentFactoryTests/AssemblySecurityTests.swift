@_spi(Tooling) import ComponentFactory
import ComponentFactoryTesting
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hostile documents: external entities must leak nothing, entity bombs must
/// fail fast with bounded memory, and deep nesting must end in an error.
@Suite struct AssemblySecurityTests {
    private func read(_ xml: String) -> AssemblyReader.Reading {
        AssemblyReader.read(bytes: Array(xml.utf8), file: "hostile.xml", checkSchema: true)
    }

    /// Everything a reading exposes, as text, to search for leaked content.
    private func everything(_ reading: AssemblyReader.Reading) -> String {
        "\(reading.document)" + reading.diagnostics.map(DiagnosticRenderer.text).joined()
    }

    @Test func externalEntityLeaksNoneOfTheFileIntoAnyOutput() throws {
        let directory = try TemporaryDirectory()
        let secret = try directory.write("secret.txt", "TOP-SECRET-MARKER-4711\n")
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE assembly [ <!ENTITY xxe SYSTEM "file://\(secret)"> ]>
            <assembly>
                <component class="Knight" key="knight">
                    <property name="motto" value="&xxe;"/>
                </component>
            </assembly>
            """
        let reading = read(xml)
        #expect(reading.diagnostics.map(\.code) == [.xmlEntity])
        #expect(reading.document.components.isEmpty)
        #expect(!everything(reading).contains("TOP-SECRET-MARKER"))
    }

    @Test func parameterEntityIsRefusedToo() throws {
        let xml = """
            <!DOCTYPE assembly [ <!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> %remote; ]>
            <assembly/>
            """
        #expect(read(xml).diagnostics.map(\.code) == [.xmlEntity])
    }

    @Test func billionLaughsIsRejectedFastWithBoundedMemory() {
        var declarations = "<!ENTITY lol0 \"lol\">\n"
        for level in 1...9 {
            declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE assembly [\n\(declarations)]>\n"
            + "<assembly><component class=\"Knight\" key=\"k\"><property name=\"p\" value=\"&lol9;\"/></component></assembly>\n"
        let before = Self.peakResidentKilobytes()
        let clock = ContinuousClock()
        let start = clock.now
        let reading = read(xml)
        let elapsed = clock.now - start
        #expect(reading.diagnostics.map(\.code) == [.xmlEntity])
        #expect(elapsed < .seconds(1))
        // Expanded, lol9 would be 3 GB; the parser stops at the first declaration.
        #expect(Self.peakResidentKilobytes() - before < 100_000)
    }

    @Test func deepNestingEndsInAnErrorNotACrash() {
        let depth = 100_000
        let xml = "<assembly>" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</assembly>"
        let reading = read(xml)
        #expect(reading.diagnostics.first?.code == .malformedXML)
    }

    @Test func garbageBytesAreMalformedXML() {
        let reading = AssemblyReader.read(bytes: [0xFF, 0xFE, 0x00, 0x3C, 0x61], file: "garbage.xml")
        #expect(reading.diagnostics.map(\.code) == [.malformedXML])
        #expect(reading.diagnostics.first?.location?.file == "garbage.xml")
    }

    @Test func emptyFileIsMalformedXML() {
        #expect(AssemblyReader.read(bytes: [], file: "empty.xml").diagnostics.map(\.code) == [.malformedXML])
    }

    private static func peakResidentKilobytes() -> Int {
        #if canImport(Glibc)
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss)
        #else
        return 0
        #endif
    }
}
