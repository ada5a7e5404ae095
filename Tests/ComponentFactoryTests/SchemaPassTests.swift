@_spi(Tooling) @testable import ComponentFactory
import Testing

/// A document of at least `SchemaPass.threadThreshold` bytes is checked
/// against the schema by a parse on a thread of its own: its findings must be
/// exactly those of a small document, and a refused document must stop both
/// parses.
@Suite struct SchemaPassTests {
    private func bigDocument(endingWith tail: String) -> (xml: String, tailLine: Int) {
        let components = (0..<12_000).map { #"<component class="K" key="c\#($0)"><property name="a" value="\#($0)"/></component>"# }
        let head = "<assembly>\n" + components.joined(separator: "\n") + "\n"
        return (head + tail + "\n</assembly>\n", head.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    @Test func aBigDocumentGetsItsSchemaFindingsAtTheirLinesFromTheOtherThread() throws {
        let (xml, line) = bigDocument(endingWith: #"<component class="K" key="late"><property name="a" value="1"/><description>too late</description></component>"#)
        let bytes = Array(xml.utf8)
        try #require(bytes.count >= SchemaPass.threadThreshold)
        let reading = AssemblyReader.read(bytes: bytes, file: "big.xml", checkSchema: true)
        #expect(reading.diagnostics.map(\.code) == [.schema])
        #expect(reading.diagnostics.map { $0.location?.line } == [line])
        #expect(reading.document.components.count == 12_001)
        // The same mistake in a small document, checked on the calling thread, reads the same.
        let small = AssemblyReader.read(bytes: Array(("<assembly>\n" + #"<component class="K" key="late"><property name="a" value="1"/><description>too late</description></component>"# + "\n</assembly>").utf8),
                                        file: "big.xml", checkSchema: true)
        #expect(small.diagnostics.map(\.message) == reading.diagnostics.map(\.message))
    }

    @Test func aBigCleanDocumentHasNoFindings() throws {
        let (xml, _) = bigDocument(endingWith: "")
        let bytes = Array(xml.utf8)
        try #require(bytes.count >= SchemaPass.threadThreshold)
        #expect(AssemblyReader.read(bytes: bytes, file: "big.xml", checkSchema: true).diagnostics.isEmpty)
    }

    @Test func anEntityInABigDocumentStopsBothParsesWithOneDiagnostic() throws {
        let (body, _) = bigDocument(endingWith: "")
        let bytes = Array((#"<!DOCTYPE assembly [<!ENTITY boom "boom">]>"# + "\n" + body).utf8)
        try #require(bytes.count >= SchemaPass.threadThreshold)
        let reading = AssemblyReader.read(bytes: bytes, file: "big.xml", checkSchema: true)
        #expect(reading.diagnostics.map(\.code) == [.xmlEntity])
        #expect(reading.document.components.isEmpty)
    }

    @Test func readingOneBigDocumentFromManyTasksAtOnceGivesOneAnswer() async throws {
        let (xml, _) = bigDocument(endingWith: #"<component class="K" key="late"><property name="a" value="1"/><description>x</description></component>"#)
        let bytes = Array(xml.utf8)
        try #require(bytes.count >= SchemaPass.threadThreshold)
        let answers = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    let reading = AssemblyReader.read(bytes: bytes, file: "big.xml", checkSchema: true)
                    return reading.diagnostics.map(\.description) + ["\(reading.document.components.count)"]
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 8)
        #expect(Set(answers).count == 1)
        #expect(answers.first?.count == 2)
    }
}
