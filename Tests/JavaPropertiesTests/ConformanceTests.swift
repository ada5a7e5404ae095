import JavaProperties
import Testing

/// Every file of the generated corpus must read to exactly the map that
/// `java.util.Properties.load(Reader)` gave, and throw exactly where it threw.
@Suite struct ConformanceTests {
    @Test func corpusIsLargeAndCoversBothOutcomes() throws {
        let fixtures = try ConformanceFixture.all()
        #expect(fixtures.count >= 500)
        #expect(fixtures.contains { if case .error = $0.expectation { true } else { false } })
        #expect(fixtures.contains { if case .map = $0.expectation { true } else { false } })
    }

    @Test func readerMatchesJavaOnEveryCorpusFile() throws {
        for fixture in try ConformanceFixture.all() {
            let outcome = Result { () throws(PropertiesError) in
                try PropertiesReader.read(bytes: fixture.bytes, file: fixture.name)
            }
            switch (fixture.expectation, outcome) {
            case (.map(let expected), .success(let document)):
                var actual: [[UInt8]: [UInt8]] = [:]
                for (key, value) in document.values { actual[Array(key.text.utf8)] = Array(value.utf8) }
                #expect(actual == expected, "\(fixture.name)")
            case (.error(let javaClass), .failure(let error)):
                let expectedKind: PropertiesError.Kind =
                    javaClass.hasSuffix("MalformedInputException") ? .invalidUTF8 : .malformedUnicodeEscape
                #expect(error.kind == expectedKind, "\(fixture.name)")
                #expect(error.line >= 1 && error.column >= 1, "\(fixture.name)")
            case (.map, .failure(let error)):
                Issue.record("\(fixture.name): Java read it, we threw \(error)")
            case (.error(let javaClass), .success):
                Issue.record("\(fixture.name): Java threw \(javaClass), we read it")
            }
        }
    }

    @Test func writerOutputReadsBackToTheSameMapForEveryCorpusFile() throws {
        for fixture in try ConformanceFixture.all() {
            guard let document = try? PropertiesReader.read(bytes: fixture.bytes, file: fixture.name) else { continue }
            let written = PropertiesWriter.write(document.values)
            let reread = try PropertiesReader.read(text: written, file: "written")
            #expect(reread.values == document.values, "\(fixture.name)")
        }
    }
}
