@testable import ComponentFactory
import Testing

@Suite struct ComponentKeyIndexTests {
    /// Keys of one word that differ only in its high bytes (`leaf1000`…`leaf9999`): a hash whose
    /// slot came from the low bytes alone put them all in one run, and indexing them was quadratic.
    @Test(arguments: ["leaf", "node-", "a", "component.name."])
    func keysThatShareAPrefixSpreadOverTheTable(prefix: String) {
        var keys: [String: Int] = [:]
        for number in 0..<10_000 { keys[prefix + String(number)] = number }
        let index = ComponentKeyIndex(keys)
        #expect(index.longestProbe < 64)
        for (key, value) in keys.prefix(500) { #expect(index.index(of: key) == value) }
        #expect(index.index(of: prefix + "10000") == nil)
    }
}
