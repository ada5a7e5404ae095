@_spi(Tooling) import ComponentFactory
import Foundation
import Testing

/// An assembly in a declared encoding that holds a byte libxml2's converter
/// refuses, between two components (`Fixtures/Encodings`, made by its
/// `make-fixtures.py`): the reader reports `malformed-xml` where the byte is
/// and hands on no component, never a shorter assembly.
@Suite struct AssemblyEncodingTests {
    /// Every encoding of the fixtures whose byte libxml2 meets on line 4.
    static let readable = ["SHIFT_JIS", "EUC-JP", "GB18030", "BIG5", "UTF-7", "ISO-2022-JP", "UTF-16"]

    private static func fixture(_ encoding: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Fixtures/Encodings/bad-byte-in-\(encoding)", withExtension: "xml"))
    }

    private static func read(_ encoding: String) throws -> AssemblyReader.Reading {
        let url = try fixture(encoding)
        return AssemblyReader.read(bytes: Array(try Data(contentsOf: url)), file: "bad.xml")
    }

    @Test(arguments: readable)
    func aRefusedByteIsMalformedXMLAtItsLineAndNoComponentIsHandedOn(encoding: String) throws {
        let reading = try Self.read(encoding)
        #expect(reading.diagnostics.map(\.code) == [.malformedXML])
        #expect(reading.diagnostics.first?.location?.line == 4)
        #expect(reading.document.components.isEmpty, "a document libxml2 stopped reading is never a shorter assembly")
    }

    /// libxml2 2.9's push parser reads no UTF-32 at all: the document is refused at its start, never read in part.
    @Test func aUTF32DocumentIsRefusedWhole() throws {
        let reading = try Self.read("UTF-32")
        #expect(reading.diagnostics.map(\.code) == [.malformedXML])
        #expect(reading.document.components.isEmpty)
    }

    @Test(arguments: readable)
    func factoryLoadRefusesIt(encoding: String) throws {
        let url = try Self.fixture(encoding)
        let error = thrown { () throws(DiagnosticReport) in
            _ = try Factory.load(assemblies: [.url(url)], registry: ComponentRegistry())
        }
        let diagnostics = try #require(error).diagnostics
        #expect(diagnostics.map(\.code) == [.malformedXML])
        #expect(diagnostics.first?.location?.line == 4)
    }

    @Test func theSameBytesInAUTF8DocumentAreMalformedAtTheirLineAndColumn() {
        let bytes = Array("<?xml version=\"1.0\"?>\n<assembly>\n  <component class=\"Knight\" key=\"a\"/>\n  <component class=\"Kn".utf8)
            + [0xFF, 0xFE] + Array("ight\" key=\"b\"/>\n</assembly>\n".utf8)
        let reading = AssemblyReader.read(bytes: bytes, file: "bad.xml")
        #expect(reading.diagnostics.map(\.code) == [.malformedXML])
        #expect(reading.diagnostics.first?.location?.line == 4)
    }

    @Test func aWellFormedShiftJISDocumentStillReads() {
        let text = "<?xml version=\"1.0\" encoding=\"SHIFT_JIS\"?>\n<assembly>\n  <component class=\"騎士\" key=\"a\"/>\n</assembly>\n"
        let bytes = Array(text.data(using: .shiftJIS) ?? Data())
        let reading = AssemblyReader.read(bytes: bytes, file: "good.xml")
        #expect(reading.diagnostics.isEmpty)
        #expect(reading.document.components.map { $0.className?.text } == ["騎士"])
    }
}
