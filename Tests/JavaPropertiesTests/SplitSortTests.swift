@testable import JavaProperties
import Testing

/// A listing of many keys is sorted in two halves at once and merged; the
/// order must be exactly that of the keys' bytes, as a plain sort gives it.
@Suite struct SplitSortTests {
    @Test func aListingTooLongForOneThreadIsInTheOrderOfItsKeysBytes() throws {
        // Keys that share prefixes, are prefixes of one another, and hold
        // non-ASCII text, in a deterministic shuffle.
        var state = UInt64(0x9E37_79B9_7F4A_7C15)
        var text = ""
        let count = EntryTable.splitSortThreshold * 2 + 17
        for number in 0..<count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let stem = ["a", "ab", "abc", "é", "日本", "z.", "Z"][Int(state >> 61) % 7]
            text += "\(stem)\(state >> 40 & 0xFFFF).\(number % 97) = \(number)\n"
        }
        let document = try PropertiesReader.read(text: text, file: "many.properties")
        let listing = document.listing
        #expect(listing.count >= EntryTable.splitSortThreshold)
        let keys = (0..<listing.count).map { Array(listing.key(at: $0).utf8) }
        let expected = keys.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(keys == expected)
        // Every key's last value, once.
        #expect(Set(keys).count == keys.count)
        #expect(listing.count == document.keys.count)
    }
}
