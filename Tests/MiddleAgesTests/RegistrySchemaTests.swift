import CLibXML2
@_spi(Tooling) import ComponentFactory
@_spi(Tooling) import FactoryTool
import MiddleAges
import Testing

/// `middle-ages schema` narrows `class=` to the registered names (or a
/// placeholder), so that XSD-only editors complete them. libxml2's own
/// schema validator is the judge here, not our reader.
@Suite struct RegistrySchemaTests {
    private func schema() async throws -> String {
        let result = await FactoryTool.run(arguments: ["schema"], environment: ToolEnvironment(registry: try MiddleAgesRegistry.make()))
        #expect(result.status == 0)
        return result.standardOutput
    }

    /// libxml2's verdict on `document` against `schema`: nil when valid, else its first message.
    private func verdict(of document: String, against schema: String) -> String? {
        let schemaBytes = Array(schema.utf8), documentBytes = Array(document.utf8)
        return schemaBytes.withUnsafeBufferPointer { schemaBuffer in
            documentBytes.withUnsafeBufferPointer { documentBuffer in
                schemaBuffer.withMemoryRebound(to: CChar.self) { schemaText in
                    documentBuffer.withMemoryRebound(to: CChar.self) { documentText in
                        guard let parserContext = xmlSchemaNewMemParserCtxt(schemaText.baseAddress, Int32(schemaText.count)) else {
                            return "no parser context"
                        }
                        defer { xmlSchemaFreeParserCtxt(parserContext) }
                        guard let parsed = xmlSchemaParse(parserContext) else { return "the schema does not parse" }
                        defer { xmlSchemaFree(parsed) }
                        guard let tree = xmlReadMemory(documentText.baseAddress, Int32(documentText.count), "test.xml", nil,
                                                       Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
                        else { return "the document does not parse" }
                        defer { xmlFreeDoc(tree) }
                        guard let validation = xmlSchemaNewValidCtxt(parsed) else { return "no validation context" }
                        defer { xmlSchemaFreeValidCtxt(validation) }
                        xmlSchemaSetValidStructuredErrors(validation, { _, _ in }, nil)
                        return xmlSchemaValidateDoc(validation, tree) == 0 ? nil : "invalid"
                    }
                }
            }
        }
    }

    private func assembly(class name: String) -> String {
        """
        <assembly xmlns="http://www.typhoonframework.org/schema/assembly">
            <component class="\(name)" key="knight"/>
        </assembly>
        """
    }

    @Test func theAppsSchemaListsEveryRegisteredNameAndLibXML2AcceptsOnlyThoseOrAPlaceholder() async throws {
        let schema = try await schema()
        let registry = try MiddleAgesRegistry.make()
        for name in registry.names {
            #expect(schema.contains("<xsd:enumeration value=\"\(name)\"/>"), "\(name)")
            #expect(verdict(of: assembly(class: name), against: schema) == nil, "\(name)")
        }
        #expect(verdict(of: assembly(class: "${knight.class}"), against: schema) == nil)
        #expect(verdict(of: assembly(class: "Kinght"), against: schema) == "invalid")
    }

    @Test func withoutARegistryAnyClassNameIsValid() async {
        let result = await FactoryTool.run(arguments: ["schema"])
        #expect(result.standardOutput == AssemblySchema.text + "\n")
        #expect(verdict(of: assembly(class: "Kinght"), against: result.standardOutput) == nil)
    }

    @Test func theNoNamespaceSchemaJudgesDocumentsWithoutXmlns() async throws {
        let result = await FactoryTool.run(arguments: ["schema", "--no-namespace"],
                                     environment: ToolEnvironment(registry: try MiddleAgesRegistry.make()))
        #expect(!result.standardOutput.contains("targetNamespace"))
        let plain = #"<assembly><component class="Knight" key="knight"/></assembly>"#
        #expect(verdict(of: plain, against: result.standardOutput) == nil)
        #expect(verdict(of: plain.replacingOccurrences(of: "Knight", with: "Kinght"), against: result.standardOutput) == "invalid")
        #expect(verdict(of: plain.replacingOccurrences(of: "<component", with: "<componnet"), against: result.standardOutput) == "invalid")
        // The namespaced schema does not apply to such a document.
        await #expect(verdict(of: plain, against: try schema()) == "invalid")
    }

    @Test func namesAreEscapedForXML() {
        let schema = AssemblySchema.text(classNames: ["A<B>&\"C\""])
        #expect(schema.contains("<xsd:enumeration value=\"A&lt;B&gt;&amp;&quot;C&quot;\"/>"))
        #expect(verdict(of: assembly(class: "A&lt;B&gt;&amp;&quot;C&quot;"), against: schema) == nil)
    }
}
