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

    /// A few keys, as an app's graph has, each in its own slot whatever seed
    /// the run draws first: a lookup by key probes once in every run.
    @Test func aFewKeysEachSitInTheSlotTheirHashNames() {
        var keys: [String: Int] = [:]
        for (value, key) in ["root", "store", "cache", "clock", "logger", "network", "session", "metrics", "tracer", "pool",
                             "clock.alias", "store.alias"].enumerated() { keys[key] = value }
        for _ in 0..<20 {
            let index = ComponentKeyIndex(keys)
            #expect(index.longestProbe == 1)
            for (key, value) in keys { #expect(index.index(of: key) == value) }
        }
    }
}
