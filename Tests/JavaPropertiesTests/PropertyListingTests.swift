import JavaProperties
import Testing

@Suite struct PropertyListingTests {
    private func rendered(_ listing: PropertyListing) -> [String] {
        listing.pairs.map { "\($0.key)=\($0.value)" }
    }

    @Test func aDocumentsListingHoldsEachKeysLastValueOrderedByScalars() throws {
        let document = try PropertiesReader.read(text: "b=1\né=2\nB=3\nb=4\n\\u00e9x=5\ncafe\\u0301=6\n", file: "app.properties")
        #expect(rendered(document.listing) == ["B=3", "b=4", "cafe\u{301}=6", "é=2", "éx=5"])
        #expect(document.listing.count == document.values.count)
    }

    @Test func pairsOfOneKeyKeepTheLaterAndKeysThatDifferOnlyInNormalizationStayTwo() {
        let listing = PropertyListing(pairs: [("z", "1"), ("caf\u{E9}", "one"), ("z", "2"), ("cafe\u{301}", "two"), ("", "empty")])
        #expect(rendered(listing) == ["=empty", "cafe\u{301}=two", "caf\u{E9}=one", "z=2"])
        #expect(listing.key(at: 1) == "cafe\u{301}" && listing.value(at: 3) == "2")
    }

    @Test func replacedValuesShowInEveryViewAndTheRestAreUntouched() throws {
        var listing = try PropertiesReader.read(text: "db.password=hunter2\ndb.url=x\n", file: "app.properties").listing
        listing.replaceValues(with: "******") { $0.elementsEqual("db.password".utf8) }
        #expect(rendered(listing) == ["db.password=******", "db.url=x"])
        var seen: [String] = []
        listing.forEachPair { key, value in seen.append(String(decoding: key, as: UTF8.self) + "=" + String(decoding: value, as: UTF8.self)) }
        #expect(seen == rendered(listing))
    }

    @Test func anEmptyListingIsEmpty() throws {
        let listing = try PropertiesReader.read(text: "# only a comment\n", file: "empty.properties").listing
        #expect(listing.isEmpty && listing.pairs.isEmpty)
        #expect(PropertiesWriter.write(listing) == "")
    }

    @Test func entriesAreReadByPositionWithTheirLines() throws {
        let document = try PropertiesReader.read(text: "a=1\n\nlong = first \\\n   second\n", file: "app.properties")
        #expect(document.count == 2)
        #expect(document.entry(at: 1) == PropertyEntry(key: "long", value: "first second", line: 3))
        #expect(document.entries == [document.entry(at: 0), document.entry(at: 1)])
    }
}

@Suite struct PropertiesWriterScaleTests {
    /// A quadratic writer (reserving a little more room for every key) took
    /// minutes here; the bound only catches that, it measures nothing.
    @Test(.timeLimit(.minutes(1)))
    func aListingOfThreeHundredThousandKeysIsWrittenWhole() throws {
        let text = (0..<300_000).map { "key.\($0) = value \($0)\n" }.joined()
        let listing = try PropertiesReader.read(text: text, file: "big.properties").listing
        let written = PropertiesWriter.bytes(listing)
        #expect(written.count { $0 == 0x0A } == 300_000)
        let reread = try PropertiesReader.read(bytes: written, file: "written").listing
        #expect(reread.pairs.map { "\($0.key)=\($0.value)" } == listing.pairs.map { "\($0.key)=\($0.value)" })
    }
}
