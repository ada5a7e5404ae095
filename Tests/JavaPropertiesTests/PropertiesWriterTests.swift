import JavaProperties
import Testing

@Suite struct PropertiesWriterTests {
    @Test func writerEscapesEverythingTheReaderWouldTreatSpecially() throws {
        let values = [
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
        #expect(PropertiesWriter.write(["b": "2", "a": "1", "B": "3"]) == "B=3\na=1\nb=2\n")
    }
}
