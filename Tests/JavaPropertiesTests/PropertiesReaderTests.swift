import JavaProperties
import Testing

@Suite struct PropertiesReaderTests {
    private func read(_ text: String) throws -> PropertiesDocument {
        try PropertiesReader.read(text: text, file: "test.properties")
    }

    private func error(reading text: String) -> PropertiesError? {
        do {
            _ = try PropertiesReader.read(text: text, file: "test.properties")
            return nil
        } catch {
            return error
        }
    }

    @Test func entryKeepsTheLineWhereItsLogicalLineStarts() throws {
        let document = try read("# header\r\n\r\nfirst=1\rsecond = two \\\n   continued\nthird\n")
        #expect(document.entries.map(\.line) == [3, 4, 6])
        #expect(document["second"] == "two continued")
        #expect(document["third"] == "")
    }

    @Test func duplicateKeysKeepTheLastValueAndRecordBothLines() throws {
        let document = try read("a=1\nb=2\na=3\n")
        #expect(document["a"] == "3")
        #expect(document.duplicates.count == 1)
        #expect(document.duplicates.first?.overridden.line == 1)
        #expect(document.duplicates.first?.winner.line == 3)
    }

    @Test func aKeysValueAndLineAreItsLastAssignmentsAsItsEntrySays() throws {
        let document = try read("a=1\nb=2\na=3\ncaf\\u00e9 = latte\n")
        for key in ["a", "b", "café"] {
            let entry = try #require(document.entry(forKey: key))
            #expect(document.value(forKey: key).map { [$0.value, "\($0.line)"] } == [entry.value, "\(entry.line)"])
        }
        #expect(document.value(forKey: "a")?.line == 3)
        #expect(document.value(forKey: "cafe\u{301}") == nil, "another key by its bytes, as Java tells them apart")
    }

    @Test func valueKeepsTrailingWhitespaceAndSkipsOneSeparator() throws {
        let document = try read("key = = value \t\n")
        #expect(document["key"] == "= value \t")
    }

    @Test func escapedSeparatorsStayInTheKey() throws {
        let document = try read("a\\=b\\:c\\ d=value\n")
        #expect(document["a=b:c d"] == "value")
    }

    @Test func unknownEscapeDropsTheBackslash() throws {
        #expect(try read("k=\\b\\q\\\\\n")["k"] == "bq\\")
    }

    @Test func surrogatePairEscapesCombineAndLoneSurrogatesBecomeReplacementCharacters() throws {
        let document = try read("pair=\\uD83D\\ude00\nlone=\\uD800x\n")
        #expect(document["pair"] == "😀")
        #expect(document["lone"] == "\u{FFFD}x")
    }

    @Test func escapeSplitAcrossAContinuationIsJoinedFirst() throws {
        #expect(try read("k=\\u00\\\n   41\n")["k"] == "A")
    }

    @Test func continuationOntoACommentLookingLineKeepsIt() throws {
        #expect(try read("k=a\\\n  # not a comment\n")["k"] == "a# not a comment")
    }

    @Test func blankLineEndsAContinuation() throws {
        let document = try read("k=a\\\n\nnext=b\n")
        #expect(document["k"] == "a")
        #expect(document["next"] == "b")
    }

    @Test func malformedUnicodeEscapeReportsTheEscapesLineAndColumn() {
        let error = error(reading: "ok=1\nbad = é\\u12\n")
        #expect(error?.kind == .malformedUnicodeEscape)
        #expect(error?.line == 2)
        #expect(error?.column == 8)
        #expect(error?.file == "test.properties")
    }

    @Test func malformedEscapeOnAContinuedLineReportsThePhysicalLine() {
        let error = error(reading: "k=abc\\\n   de\\uXYZW\n")
        #expect(error?.line == 2)
        #expect(error?.column == 6)
    }

    @Test func malformedEscapeInACommentIsIgnored() throws {
        #expect(try read("# \\u12\n").entries.isEmpty)
    }

    @Test func invalidUTF8ReportsItsLineAndColumn() {
        let bytes: [UInt8] = Array("a=1\nb=x".utf8) + [0xFF] + Array("\n".utf8)
        do {
            _ = try PropertiesReader.read(bytes: bytes, file: "bad.properties")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .invalidUTF8)
            #expect(error.line == 2)
            #expect(error.column == 4)
            #expect(error.description.hasPrefix("bad.properties:2:4: error: "))
            #expect(error.description.hasSuffix(" [malformed-properties]"))
            #expect(error.localizedDescription == error.description)
        }
    }

    @Test func missingFileIsUnreadable() {
        do {
            _ = try PropertiesReader.read(contentsOfFile: "/nonexistent/dir/app.properties")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.file == "/nonexistent/dir/app.properties")
        }
    }

    @Test func canonicallyEquivalentKeysStayTwoKeysAsInJava() throws {
        let document = try read("caf\\u00e9=1\ncafe\\u0301=2\n")
        #expect(document.keys.count == 2)
        #expect(document.duplicates.isEmpty)
        #expect(document["caf\u{E9}"] == "1")
        #expect(document["cafe\u{301}"] == "2")
    }

    @Test func keysListEachKeyOnceInOrderOfItsLastAssignment() throws {
        #expect(try read("b=1\na=2\nb=3\n").keys == ["a", "b"])
    }

    @Test func duplicatesPairEachAssignmentWithTheNextOfItsKey() throws {
        let pairs = try read("k=1\nk=2\nother=x\nk=3\n").duplicates
        #expect(pairs.map { [$0.overridden.line, $0.winner.line] } == [[1, 2], [2, 4]])
    }
}
