@testable import JavaProperties
import Testing

/// A long text is read in two parts at once, split after a line that no
/// continuation crosses. Whatever the text, the result must be exactly the
/// one-part reading: the same assignments with the same lines, or the same
/// error at the same line and column.
@Suite struct SplitReadTests {
    /// What a reading gives, in a form that compares every detail.
    private enum Outcome: Equatable {
        case entries([PropertyEntry])
        case error(PropertiesError)
    }

    private func outcome(_ bytes: [UInt8], splittingFrom threshold: Int) -> Outcome {
        do {
            return .entries(try PropertiesReader.read(bytes: bytes, file: "split.properties", splittingFrom: threshold).entries)
        } catch {
            return .error(error)
        }
    }

    /// Reads `bytes` in one part and in two, and expects the same outcome.
    private func expectSameInTwoParts(_ bytes: [UInt8], _ comment: Comment? = nil) {
        #expect(outcome(bytes, splittingFrom: 0) == outcome(bytes, splittingFrom: .max), comment)
    }

    @Test func everyCorpusFileAndEveryCorpusFileTwiceOverReadsTheSameInTwoParts() throws {
        for fixture in try ConformanceFixture.all() {
            expectSameInTwoParts(fixture.bytes, "\(fixture.name)")
            expectSameInTwoParts(fixture.bytes + [0x0A] + fixture.bytes, "\(fixture.name) twice")
        }
    }

    @Test func aContinuationAcrossTheMiddleIsNeverSplit() throws {
        // The middle falls inside a run of continued lines, some ending in
        // escaped backslashes (an even run, which does not continue).
        let head = String(repeating: "a.key = a value\n", count: 40)
        let chained = "chained = one \\\n  two \\\\\\\n  three \\\\\n" + String(repeating: "x\\\n", count: 30) + "end\n"
        let bytes = Array((head + chained + head).utf8)
        let split = try #require(PropertiesReader.splitPoint(in: bytes))
        #expect(split > bytes.count / 2)
        expectSameInTwoParts(bytes)
        let document = try PropertiesReader.read(bytes: bytes, file: "chained.properties", splittingFrom: 0)
        #expect(document["chained"]?.hasPrefix("one two \\three \\") == true)
    }

    @Test func lineEndsOfEveryKindKeepTheirLineNumbers() {
        for ending in ["\n", "\r\n", "\r"] {
            let lines = (0..<200).map { "key.\($0) = \($0)" + ($0 % 7 == 0 ? " \\" : "") }
            expectSameInTwoParts(Array((lines.joined(separator: ending) + ending).utf8), "ending \(ending.debugDescription)")
        }
        // Mixed: a lone \r inside a line that a \n ends.
        expectSameInTwoParts(Array(String(repeating: "a=1\rb=2\\\r\r\nc=3\n# comment \\\nd=4\n", count: 50).utf8))
    }

    @Test func anErrorInTheSecondPartIsReportedAtItsLineInTheWholeText() throws {
        let good = Array(String(repeating: "fine.key = fine value\n", count: 100).utf8)
        let malformedEscape = Array("broken = \\u12G4\n".utf8)
        let invalidUTF8 = Array("broken = caf".utf8) + [0xE9, 0x0A]
        for bad in [malformedEscape, invalidUTF8] {
            let bytes = good + bad + Array("x = 1\n".utf8)
            guard case .error(let error) = outcome(bytes, splittingFrom: 0) else {
                Issue.record("read without an error")
                continue
            }
            #expect(error.line == 101)
            expectSameInTwoParts(bytes)
        }
    }

    @Test func manyGeneratedTextsOfTrickyPiecesReadTheSameInTwoParts() {
        // Keys, separators, runs of backslashes, every line end, comments,
        // good and bad escapes, non-ASCII text and a byte that is not UTF-8,
        // in a deterministic pseudo-random order so that a failure repeats.
        let pieces: [[UInt8]] = ["k", "v=", "=", ":", " ", "\t", "\\", "\\\\", "\n", "\n", "\r", "\r\n", "#", "!",
                                 "\\u0041", "\\u12", "é", "日", "\\\n", "\\\r\n"].map { Array($0.utf8) } + [[0xFF]]
        var state = UInt64(0x2545_F491_4F6C_DD1D)
        var split = 0
        for round in 0..<3_000 {
            var bytes: [UInt8] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 20 + Int(state >> 56)
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // The byte that is not UTF-8 only now and then, so that most texts read.
                let index = Int(state >> 33) % (round % 10 == 0 ? pieces.count : pieces.count - 1)
                bytes += pieces[index]
            }
            if PropertiesReader.splitPoint(in: bytes) != nil { split += 1 }
            expectSameInTwoParts(bytes, "round \(round): \(bytes)")
        }
        #expect(split > 2_000)  // most texts did take the two-part path
    }

    @Test func aLongTextGoesThroughThePublicReaderInTwoPartsAndReadsTheSame() throws {
        var text = ""
        var number = 0
        while text.utf8.count < PropertiesReader.splitThreshold + 1000 {
            text += "service\(number).url = https://host\(number).example.org/\\\n    path\\u00e9\n# note \(number)\n"
            number += 1
        }
        let bytes = Array(text.utf8)
        let document = try PropertiesReader.read(bytes: bytes, file: "long.properties")
        #expect(document.count == number)
        #expect(document.entries == (try PropertiesReader.read(bytes: bytes, file: "long.properties", splittingFrom: .max).entries))
        #expect(document.entry(forKey: "service\(number - 1).url")?.line == 3 * (number - 1) + 1)
    }
}
