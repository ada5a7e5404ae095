import JavaProperties
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The property sources of one environment, stacked so that a later source
/// wins: base files, their `-<env>` overlays, environment variables (opt-in),
/// overrides, and the built-in `env` key.
///
/// A configuration holds raw text; ``PlaceholderResolver`` resolves it.
///
/// ```swift
/// let configuration = Configuration(environment: "test", sources: [
///     InMemoryPropertySource(name: "base", values: ["db.url": "${db.host}/app", "db.host": "localhost"]),
/// ])
/// configuration.property(forKey: "db.url")?.text  // "${db.host}/app"
/// ```
@_spi(Tooling)
public struct Configuration: Sendable {
    /// The key that holds the active environment's name.
    public static let environmentKey = "env"

    /// The active environment, or nil when none is.
    public let environment: String?
    /// Lowest first; the built-in `env` source is the last when an environment is active.
    public let sources: [any PropertySource]

    /// A stack of `sources`, later winning; with an `environment`, the built-in key `env` holds it on top.
    public init(environment: String?, sources: [any PropertySource]) {
        self.environment = environment
        var stack = sources
        if let environment {
            stack.append(InMemoryPropertySource(name: "built-in", values: [Self.environmentKey: environment]))
        }
        self.sources = stack
    }

    /// The raw value from the highest source that has `key`.
    public func property(forKey key: String) -> PropertyValue? {
        for source in sources.reversed() {
            if let value = source.property(forKey: key) { return value }
        }
        return nil
    }

    /// The raw value of `key` from every source that has it, the one in force first, then in falling precedence.
    public func properties(forKey key: String) -> [PropertyValue] {
        sources.reversed().compactMap { $0.property(forKey: key) }
    }

    /// Every key some source lists, each once as Java tells keys apart (by
    /// their exact characters), sorted by Unicode scalars.
    public var keys: [String] {
        Self.sortedByBytes(keysInAnyOrder)
    }

    /// The same keys, unsorted: for a pass that orders only what it finds.
    var keysInAnyOrder: [String] {
        let listings = sources.map(\.listedKeys).filter { !$0.isEmpty }
        // Each source lists each of its keys once, so one listing needs no merging.
        guard listings.count > 1 else { return listings.first ?? [] }
        var distinct = Set<PropertyKey>()
        var keys: [String] = []
        for listing in listings {
            for key in listing where distinct.insert(PropertyKey(key)).inserted { keys.append(key) }
        }
        return keys
    }

    /// ``keys`` with the raw value of each, as ``property(forKey:)`` gives
    /// it: what `factory properties --raw` prints. The sources hand over
    /// their pairs whole; only a source that lists no keys (environment
    /// variables) is asked key by key.
    public var listing: PropertyListing {
        let listings = sources.map(\.listing)
        let listing = listings.indices.filter { !listings[$0].isEmpty }
        // The common case: one source lists keys, and none above it can answer for them.
        if listing.count <= 1 && (listing.first ?? 0) == sources.count - 1 {
            return listing.first.map { listings[$0] } ?? PropertyListing(pairs: [])
        }
        var merged: [PropertyKey: String] = [:]
        for (position, source) in sources.enumerated() {
            if listings[position].isEmpty {
                // Keys listed only by sources above this one are theirs, whatever this one says.
                for key in Array(merged.keys) {
                    if let value = source.property(forKey: key.text) { merged[key] = value.text }
                }
            } else {
                for (key, value) in listings[position].pairs { merged[PropertyKey(key)] = value }
            }
        }
        return PropertyListing(pairs: merged.map { (key: $0.key.text, value: $0.value) })
    }

    static func sortedByBytes(_ keys: [String]) -> [String] {
        byteOrder(keys, key: { $0 }).map { keys[$0] }
    }

    /// The positions of `items` in the UTF-8 byte order of their keys, sorted as spans of one
    /// buffer of their bytes: a million keys sort with no reference counting
    /// per comparison.
    private static func byteOrder<Item>(_ items: [Item], key: (Item) -> String) -> [Int] {
        var bytes: [UInt8] = []
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(items.count)
        for item in items {
            let key = key(item)
            spans.append((bytes.count, key.utf8.count))
            bytes.append(contentsOf: key.utf8)
        }
        var order = Array(items.indices)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            order.sort { left, right in
                let (a, b) = (spans[left], spans[right])
                let common = memcmp(base + a.start, base + b.start, min(a.count, b.count))
                return common != 0 ? common < 0 : a.count < b.count
            }
        }
        return order
    }
}
