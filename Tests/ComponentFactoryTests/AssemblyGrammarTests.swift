@_spi(Tooling) import ComponentFactory
import Testing

/// The builder's grammar holds every rule of the schema, so that an app's
/// load, which runs no XSD pass, refuses what `factory validate` refuses.
@Suite struct AssemblyGrammarTests {
    /// Documents the schema refuses, each with what the grammar must say.
    static let refused: [(name: String, xml: String, code: DiagnosticCode, line: Int)] = [
        ("a description after another child", "<assembly>\n<component class=\"K\" key=\"k\">\n<property name=\"a\" value=\"1\"/>\n"
            + "<description>late</description>\n</component>\n</assembly>", .schema, 4),
        ("two descriptions", "<assembly>\n<description>a</description>\n<description>b</description>\n</assembly>", .schema, 3),
        ("a description after an argument", "<assembly>\n<component class=\"K\" key=\"k\">\n<initializer selector=\"initWithA:\">\n"
            + "<argument index=\"0\" value=\"1\"/>\n<description>x</description>\n</initializer>\n</component>\n</assembly>", .schema, 5),
        ("text in a component", "<assembly>\n<component class=\"K\" key=\"k\">hello</component>\n</assembly>", .schema, 2),
        ("two initializers", "<assembly>\n<component class=\"K\" key=\"k\">\n<initializer selector=\"init\"/>\n"
            + "<initializer selector=\"init\"/>\n</component>\n</assembly>", .schema, 4),
        ("an initializer without a selector", "<assembly>\n<component class=\"K\" key=\"k\"><initializer/></component>\n</assembly>",
         .missingAttribute, 2),
    ]

    @Test(arguments: refused.indices)
    func whatTheSchemaRefusesTheGrammarRefusesWithoutIt(index: Int) {
        let (name, xml, code, line) = Self.refused[index]
        let grammar = AssemblyReader.read(bytes: Array(xml.utf8), file: "a.xml", checkSchema: false)
        #expect(grammar.diagnostics.map(\.code) == [code], "\(name): \(grammar.diagnostics)")
        #expect(grammar.diagnostics.first?.location?.line == line, "\(name)")
        let schema = AssemblyReader.read(bytes: Array(xml.utf8), file: "a.xml", checkSchema: true)
        #expect(!schema.diagnostics.isEmpty, "\(name): the schema refuses it too")
    }

    @Test func aDescriptionFirstAndWhiteSpaceAnywhereAreFine() {
        let xml = "<assembly>\n  <description>the app</description>\n  <component class=\"K\" key=\"k\">\n"
            + "    <description>a knight</description>\n    <property name=\"a\"><collection><value>text</value></collection></property>\n"
            + "  </component>\n</assembly>\n"
        for checkSchema in [false, true] {
            #expect(AssemblyReader.read(bytes: Array(xml.utf8), file: "a.xml", checkSchema: checkSchema).diagnostics.isEmpty)
        }
    }
}
