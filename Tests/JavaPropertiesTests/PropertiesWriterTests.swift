import JavaProperties
import Testing

@Suite struct PropertiesWriterTests {
    @Test func writerEscapesEverythingTheReaderWouldTreatSpecially() throws {
        let values: [PropertyKey: String] = [
            " lead key": " lead value",
            "a=b:c#d!e": "x=y:z#!",
            "tabs\tand\nlines\r\u{0C}": "back\\slash\t\n",
            "control\u{01}": "\u{7F}del",
            "unicode 日本 😀": "é ü",
            "": "",
        ]
        let text = PropertiesWriter.write(values)
        #expect(try PropertiesReader.read(text: text, file: "w").values == values)
        #expect(text.contains("\\ lead\\ key=\\ lead value\n"))
        #expect(text.contains("control\\u0001=\\u007Fdel\n"))
    }

    @Test func writerSortsKeysByUnicodeScalars() {
        #expect(PropertiesWriter.write(["b": "2", "a": "1", "B": "3", "é": "4", "😀": "5", "\u{FFFD}": "6"])
                    == "B=3\na=1\nb=2\né=4\n\u{FFFD}=6\n😀=5\n")
    }

    @Test func keysThatDifferOnlyInNormalizationStayTwoKeys() throws {
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        let document = try PropertiesReader.read(text: "\(precomposed)=one\n\(decomposed)=two\n", file: "cafe.properties")
        #expect(document.values == [PropertyKey(precomposed): "one", PropertyKey(decomposed): "two"])
        #expect(document.values.count == 2)
        let reread = try PropertiesReader.read(text: PropertiesWriter.write(document.values), file: "w")
        #expect(reread.values == document.values)
    }
}
